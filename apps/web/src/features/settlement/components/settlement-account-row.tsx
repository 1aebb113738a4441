import type { TSettlementAccount } from '@tavolo/contract/wallet';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { t } from '../../../lib/i18n/i18n';
import { accountLabel } from '../model/payout-amount';

/** One bank account: who holds it, its masked number, and what can be done with it. */
export function SettlementAccountRow({
  account,
  makingDefault,
  onMakeDefault,
  onRemove,
}: {
  account: TSettlementAccount;
  makingDefault: boolean;
  onMakeDefault: (account: TSettlementAccount) => void;
  onRemove: (account: TSettlementAccount) => void;
}) {
  const label = accountLabel(account);
  return (
    <li
      data-testid="settlement-account"
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-ink">
          <span className="break-words">{account.bankName}</span>
          {account.isDefault ? <Badge tone="accent">{t('settlement.accounts.default')}</Badge> : null}
        </p>
        <p className="text-sm text-ink-muted">
          <span className="break-words">{account.accountName}</span> ·{' '}
          <span className="font-mono tabular-nums">{account.accountNumberMasked}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {account.isDefault ? null : (
          <Button
            variant="secondary"
            onClick={() => onMakeDefault(account)}
            pending={makingDefault}
            pendingLabel={t('settlement.accounts.makingDefault')}
            aria-label={t('settlement.accounts.makeAccountDefault', { account: label })}
          >
            {t('settlement.accounts.makeDefault')}
          </Button>
        )}
        <Button
          variant="ghost"
          onClick={() => onRemove(account)}
          aria-label={t('settlement.accounts.removeAccount', { account: label })}
        >
          {t('settlement.accounts.remove')}
        </Button>
      </div>
    </li>
  );
}
