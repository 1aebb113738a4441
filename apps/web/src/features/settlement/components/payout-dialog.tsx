import type { TPayoutRequest, TSettlementAccount } from '@tavolo/contract/wallet';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { QueryError } from '../../../components/ui/query-error';
import { SelectField } from '../../../components/ui/select-field';
import { Loading } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-session';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { examplePrice } from '../../../lib/price-input';
import { randomUuid } from '../../../lib/random-uuid';
import { useSettlementAccounts } from '../api/get-settlement-accounts';
import { useRequestPayout } from '../api/request-payout';
import {
  accountLabel,
  defaultAccountId,
  defaultPayoutInput,
  parsePayoutAmount,
} from '../model/payout-amount';

/**
 * Pays out from the wallet in two steps: the amount and the account, then a question that names
 * both ("Pay out €120.00 to Bank •••• 1234?"). Nothing is sent before the second step.
 */
export function PayoutDialog({
  open,
  onClose,
  balanceMinor,
  currency,
}: {
  open: boolean;
  onClose: () => void;
  balanceMinor: number;
  currency: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <ModalDialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={t('settlement.payout.title')}
      description={t('settlement.payout.balance', { balance: formatMoney(balanceMinor, currency) })}
      testId="payout-dialog"
    >
      {/* Mounted afresh at each opening: a new Idempotency-Key and the form back at the start. */}
      <PayoutSteps balanceMinor={balanceMinor} currency={currency} onDone={onClose} onBusyChange={setBusy} />
    </ModalDialog>
  );
}

type Step = { name: 'form' } | { name: 'confirm'; body: TPayoutRequest; account: TSettlementAccount };

function PayoutSteps({
  balanceMinor,
  currency,
  onDone,
  onBusyChange,
}: {
  balanceMinor: number;
  currency: string;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const toast = useToast();
  const canManageAccounts = useCan('settlement.manage');
  const accounts = useSettlementAccounts();
  const payout = useRequestPayout();
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [amount, setAmount] = useState(() => defaultPayoutInput(balanceMinor, currency));
  const [accountId, setAccountId] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  // One key for this dialog, kept for every retry of the same payout; a changed amount or account
  // is another payout (the server refuses one key with two different bodies) and gets a new key.
  const attempt = useRef<{ body: string; key: string }>({ body: '', key: randomUuid() });

  if (accounts.isPending) return <Loading />;
  if (accounts.isError) {
    return (
      <QueryError
        title={t('settlement.payout.accountsError')}
        error={accounts.error}
        retrying={accounts.isFetching}
        onRetry={() => void accounts.refetch()}
      />
    );
  }
  const list = accounts.data;
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-start gap-4" data-testid="payout-no-account">
        <p className="text-sm text-ink">
          {canManageAccounts
            ? t('settlement.payout.noAccountAddOne')
            : t('settlement.payout.noAccountAskOwner')}
        </p>
        {canManageAccounts ? (
          <Link to="/dashboard/settlement/accounts/add-account" className={buttonClassName('primary')}>
            {t('settlement.payout.addAccount')}
          </Link>
        ) : null}
      </div>
    );
  }
  const selectedId = accountId ?? defaultAccountId(list);

  const review = () => {
    setFormError(undefined);
    const parsed = parsePayoutAmount(amount, balanceMinor, currency);
    if (!parsed.ok) {
      setAmountError(parsed.message);
      return;
    }
    setAmountError(undefined);
    const account = list.find((one) => one.id === selectedId);
    if (!account) {
      setFormError(t('settlement.payout.pickAccount'));
      return;
    }
    setStep({
      name: 'confirm',
      body: { kind: 'payout', amountMinor: parsed.minor, settlementAccountId: account.id },
      account,
    });
  };

  const send = async (body: TPayoutRequest, account: TSettlementAccount) => {
    const text = JSON.stringify(body);
    if (attempt.current.body !== text) {
      // The first payout of this dialog keeps the key made at its opening.
      attempt.current = { body: text, key: attempt.current.body === '' ? attempt.current.key : randomUuid() };
    }
    onBusyChange(true);
    try {
      await payout.mutateAsync({ body, idempotencyKey: attempt.current.key });
      toast.success(
        t('settlement.payout.sent', {
          amount: formatMoney(body.amountMinor, currency),
          account: accountLabel(account),
        }),
      );
      onDone();
    } catch (error) {
      if (isHttpError(error, 409) && error.code === 'INSUFFICIENT_FUNDS') {
        setStep({ name: 'form' });
        setAmountError(t('settlement.payout.amountOverCurrentBalance'));
        setFormError(
          t('settlement.payout.insufficientFunds', { amount: formatMoney(body.amountMinor, currency) }),
        );
      } else {
        setFormError(getErrorMessage(error));
      }
    } finally {
      onBusyChange(false);
    }
  };

  if (step.name === 'confirm') {
    const amountText = formatMoney(step.body.amountMinor, currency);
    return (
      <div className="flex flex-col gap-4" data-testid="payout-confirm">
        <p className="text-lg font-semibold text-ink">
          {t('settlement.payout.confirmQuestion', {
            amount: amountText,
            account: accountLabel(step.account),
          })}
        </p>
        <p className="text-sm text-ink-muted">
          {t('settlement.payout.confirmWarning', { holder: step.account.accountName })}
        </p>
        {formError ? <Alert>{formError}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setStep({ name: 'form' })} disabled={payout.isPending}>
            {t('settlement.payout.back')}
          </Button>
          <Button
            onClick={() => void send(step.body, step.account)}
            pending={payout.isPending}
            pendingLabel={t('settlement.payout.sending')}
          >
            {t('settlement.payout.confirm', { amount: amountText })}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      aria-label={t('settlement.payout.formLabel')}
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <TextField
        label={t('settlement.payout.amount', { currency })}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        error={amountError}
        hint={t('settlement.payout.amountHint', {
          balance: formatMoney(balanceMinor, currency),
          example: examplePrice(currency),
        })}
        onChange={(event) => setAmount(event.target.value)}
      />
      <SelectField
        label={t('settlement.payout.account')}
        value={selectedId}
        options={list.map((account) => ({
          value: account.id,
          label: account.isDefault
            ? t('settlement.payout.accountOptionDefault', {
                account: accountLabel(account),
                holder: account.accountName,
              })
            : `${accountLabel(account)} · ${account.accountName}`,
        }))}
        onChange={(event) => setAccountId(event.target.value)}
      />
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          {t('settlement.payout.cancel')}
        </Button>
        <Button type="submit">{t('settlement.payout.continue')}</Button>
      </div>
    </form>
  );
}
