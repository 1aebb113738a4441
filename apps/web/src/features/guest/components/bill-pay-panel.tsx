import type { TBillCheckoutRequest, TBillPaymentMode, TTableBill } from '@tavolo/contract/table-service';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { randomUuid } from '../../../lib/random-uuid';
import { useStartBillCheckout } from '../api/start-bill-checkout';
import {
  BILL_SPLIT_MAX_PARTS,
  BILL_SPLIT_MIN_PARTS,
  choiceAmountMinor,
  choiceToItems,
  describeItemsTaken,
  type ItemChoice,
  isLastShare,
  lineKey,
  lineUnitsMinor,
  NO_TIP,
  payableMinor,
  readItemsTaken,
  resolveTip,
  type SharePreview,
  setChoice,
  shareCheckout,
  sharePreview,
  type TipChoice,
  unitsLeft,
} from '../model/bill';
import type { MenuNames } from '../model/menu-names';
import { TipPicker } from './tip-picker';
import { useBackFromCheckout } from './use-back-from-checkout';

function modeLabel(mode: TBillPaymentMode): string {
  switch (mode) {
    case 'full':
      return t('guest.pay.modeFull');
    case 'equal':
      return t('guest.pay.modeEqual');
    case 'items':
      return t('guest.pay.modeItems');
  }
}

/**
 * How this phone pays its part of the table's bill (all of it, an equal share, or chosen items),
 * with a tip, then off to the payment provider's page.
 */
export function BillPayPanel({
  bill,
  names,
  qrToken,
  onStale,
}: {
  bill: TTableBill;
  /** The dishes' names in the guest's language. */
  names: MenuNames;
  qrToken: string;
  /** The bill shown may be out of date: someone else paid meanwhile, or the guest came back. */
  onStale: () => void;
}) {
  const toast = useToast();
  const checkout = useStartBillCheckout();
  // A phone that opens the bill while the table is splitting it offers a share first.
  const [mode, setMode] = useState<TBillPaymentMode>(() => (bill.split ? 'equal' : 'full'));
  const [chosenParts, setParts] = useState<number | null>(null);
  const [choice, setChoiceState] = useState<ItemChoice>({});
  const [tip, setTip] = useState<TipChoice>(NO_TIP);
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  // One key per choice on the same bill: a second tap (or a retry after a dropped connection)
  // starts no second payment; anything else is another payment with its own key.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const { currency } = bill;

  useBackFromCheckout(
    useCallback(() => {
      setLeaving(false);
      onStale();
    }, [onStale]),
  );

  const payable = payableMinor(bill);
  const openLines = bill.lines.filter((line) => unitsLeft(line) > 0);
  const share = sharePreview(bill, chosenParts);
  const amountMinor =
    mode === 'full' ? payable : mode === 'equal' ? share.amountMinor : choiceAmountMinor(bill.lines, choice);
  const { tipMinor, error: tipError } = resolveTip(tip, amountMinor, currency);
  const items = choiceToItems(bill.lines, choice);

  const pay = () => {
    setError(null);
    if (amountMinor <= 0 || tipError) return;
    const body: TBillCheckoutRequest = {
      qrToken,
      ...(mode === 'equal' ? shareCheckout(share) : mode === 'items' ? { mode, items } : { mode }),
      tipMinor,
    };
    const fingerprint = JSON.stringify([bill.visitId, bill.paidMinor, body]);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: randomUuid() };
    checkout.mutate(
      { body, idempotencyKey: attempt.current.key },
      {
        onSuccess: ({ checkoutUrl }) => {
          setLeaving(true);
          window.location.assign(checkoutUrl);
        },
        onError: (failure) => {
          // Items paid or being paid meanwhile: said from the answer's figures, in the guest's words.
          const taken = isHttpError(failure, 409) ? readItemsTaken(failure.data) : [];
          const message = taken.length > 0 ? describeItemsTaken(taken, names) : getErrorMessage(failure);
          setError(message);
          toast.error(message);
          // Someone else paid or is paying: show the bill as it is now.
          if (isHttpError(failure, 409)) {
            attempt.current = null;
            onStale();
          }
        },
      },
    );
  };

  const nothingChosen = mode === 'items' && items.length === 0;
  return (
    <section
      aria-labelledby="bill-pay-heading"
      className="flex flex-col gap-5 rounded-2xl border border-line bg-panel p-4 shadow-sm"
      data-testid="bill-pay"
    >
      <h2 id="bill-pay-heading" className="text-lg font-semibold text-ink">
        {t('guest.pay.title')}
      </h2>
      {bill.pendingMinor > 0 ? (
        <Alert tone="info">
          {t('guest.pay.pendingElsewhere', { amount: formatMoney(bill.pendingMinor, currency) })}
        </Alert>
      ) : null}
      <fieldset className="flex min-w-0 flex-col gap-2" disabled={checkout.isPending || leaving}>
        <legend className="mb-2 text-base font-semibold text-ink">{t('guest.pay.how')}</legend>
        {(['full', 'equal', 'items'] as const).map((value) => (
          <ModeOption
            key={value}
            value={value}
            checked={mode === value}
            onChange={() => {
              setMode(value);
              setError(null);
            }}
            detail={
              value === 'full'
                ? formatMoney(payable, currency)
                : value === 'equal'
                  ? t('guest.pay.each', { amount: formatMoney(share.eachMinor, currency) })
                  : null
            }
          >
            {value === 'equal' && mode === 'equal' ? (
              <ShareChoice share={share} currency={currency} onParts={setParts} />
            ) : null}
            {value === 'items' && mode === 'items' ? (
              openLines.length === 0 ? (
                <p className="pt-1 text-sm text-ink-muted">{t('guest.pay.allItemsTaken')}</p>
              ) : (
                <ul
                  className="flex flex-col divide-y divide-line pt-1"
                  aria-label={t('guest.pay.itemsToPay')}
                >
                  {openLines.map((line) => {
                    const chosen = Math.min(choice[lineKey(line)] ?? 0, unitsLeft(line));
                    const left = unitsLeft(line);
                    const name = names.dish(line.menuItemId, line.name);
                    return (
                      <li
                        key={lineKey(line)}
                        className="flex flex-wrap items-center justify-between gap-2 py-2"
                        data-testid="bill-item-choice"
                      >
                        <div className="flex min-w-0 flex-1 flex-col">
                          <p className="text-base break-words text-ink">{name}</p>
                          <p className="text-sm text-ink-muted">
                            {t('guest.common.orderNumber', { number: String(line.orderNumber) })} ·{' '}
                            {t('guest.pay.unitsLeft', { left, quantity: line.quantity })}
                            {chosen > 0 ? ` · ${formatMoney(lineUnitsMinor(line, chosen), currency)}` : ''}
                          </p>
                        </div>
                        <QuantityStepper
                          value={chosen}
                          onChange={(units) => setChoiceState((current) => setChoice(current, line, units))}
                          min={0}
                          max={left}
                          label={t('guest.pay.itemStepper', {
                            name,
                            number: String(line.orderNumber),
                          })}
                        />
                      </li>
                    );
                  })}
                </ul>
              )
            ) : null}
          </ModeOption>
        ))}
      </fieldset>
      <TipPicker
        amountMinor={amountMinor}
        currency={currency}
        value={tip}
        onChange={setTip}
        error={tipError ?? undefined}
      />
      <dl className="flex flex-col gap-1 border-t border-line pt-3 text-sm" data-testid="bill-pay-summary">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">
            {mode === 'items' ? t('guest.pay.yourItems') : t('guest.common.amount')}
          </dt>
          <dd className="text-ink tabular-nums" data-testid="bill-pay-amount">
            {formatMoney(amountMinor, currency)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-muted">{t('guest.common.tip')}</dt>
          <dd className="text-ink tabular-nums" data-testid="bill-pay-tip">
            {formatMoney(tipError ? 0 : tipMinor, currency)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 pt-1 text-base font-semibold">
          <dt className="text-ink">{t('guest.pay.youPay')}</dt>
          <dd className="text-ink tabular-nums" data-testid="bill-pay-total">
            {formatMoney(amountMinor + (tipError ? 0 : tipMinor), currency)}
          </dd>
        </div>
      </dl>
      {error ? <Alert>{error}</Alert> : null}
      {nothingChosen ? (
        <p className="text-center text-sm text-ink-muted">{t('guest.pay.chooseAbove')}</p>
      ) : null}
      <Button
        size="large"
        onClick={pay}
        disabled={amountMinor <= 0 || tipError !== null}
        pending={checkout.isPending || leaving}
        pendingLabel={t('guest.common.openingPayment')}
        data-testid="bill-pay-button"
      >
        {t('guest.pay.pay', { amount: formatMoney(amountMinor + (tipError ? 0 : tipMinor), currency) })}
      </Button>
      <p className="text-center text-sm text-ink-muted">{t('guest.common.payStaff')}</p>
    </section>
  );
}

/**
 * The share this phone pays: the number of ways when it starts a split (or splits again after the
 * bill moved under one), or the split under way, which keeps its size and its ways.
 */
function ShareChoice({
  share,
  currency,
  onParts,
}: {
  share: SharePreview;
  currency: string;
  onParts: (parts: number) => void;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const each = (
    <p className="text-sm text-ink" data-testid="split-each">
      {t('guest.split.ways', { count: share.parts })} ·{' '}
      <strong className="tabular-nums">{t('guest.pay.each', { amount: money(share.eachMinor) })}</strong>
    </p>
  );
  if (share.kind === 'join') {
    const allTaken = share.takenShares >= share.parts;
    return (
      <div className="flex flex-col gap-1 pt-1" data-testid="split-under-way">
        <p className="text-sm text-ink">
          {t('guest.split.underWay', {
            amount: money(share.splitMinor),
            parts: share.parts,
            taken: share.takenShares,
          })}
        </p>
        {each}
        {allTaken ? (
          <p className="text-sm text-ink-muted">{t('guest.split.allTaken')}</p>
        ) : isLastShare(share) ? (
          <p className="text-sm text-ink-muted">
            {t('guest.split.lastShare', { amount: money(share.amountMinor) })}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3 pt-1">
      {share.kind === 'again' ? (
        <div data-testid="split-stale">
          <Alert tone="info">
            {t('guest.split.stale', { parts: share.staleParts, amount: money(share.splitMinor) })}
          </Alert>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <QuantityStepper
          value={share.parts}
          onChange={onParts}
          min={BILL_SPLIT_MIN_PARTS}
          max={BILL_SPLIT_MAX_PARTS}
          label={t('guest.split.waysToSplit')}
        />
        {each}
      </div>
    </div>
  );
}

/** One way to pay, as a large radio card; its own controls show under it while it is chosen. */
function ModeOption({
  value,
  checked,
  onChange,
  detail,
  children,
}: {
  value: TBillPaymentMode;
  checked: boolean;
  onChange: () => void;
  detail: string | null;
  children?: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-2 rounded-xl border px-3 py-1',
        checked ? 'border-accent-700 bg-accent-50/40' : 'border-line',
      )}
    >
      <label className="flex min-h-12 cursor-pointer items-center gap-3">
        <input
          type="radio"
          name="bill-pay-mode"
          value={value}
          checked={checked}
          onChange={onChange}
          className="size-5 shrink-0 accent-accent-700"
        />
        <span className="flex-1 text-base font-medium text-ink">{modeLabel(value)}</span>
        {detail ? <span className="text-sm text-ink-muted tabular-nums">{detail}</span> : null}
      </label>
      {children}
    </div>
  );
}
