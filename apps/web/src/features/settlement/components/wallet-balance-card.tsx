import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

/** The balance in large type; the payout button beside it for those who may withdraw. */
export function WalletBalanceCard({
  balanceMinor,
  currency,
  canWithdraw,
  onRequestPayout,
}: {
  /** Undefined while the wallet loads. */
  balanceMinor: number | undefined;
  currency: string;
  canWithdraw: boolean;
  onRequestPayout: () => void;
}) {
  const loading = balanceMinor === undefined;
  return (
    <Card className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="flex flex-col gap-1">
        <h2 className="text-sm font-medium text-ink-muted">{t('settlement.balance.title')}</h2>
        {loading ? (
          <div className="h-9 w-40 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
        ) : (
          <p
            className="text-3xl font-semibold tracking-tight text-ink tabular-nums"
            data-testid="wallet-balance"
          >
            {formatMoney(balanceMinor, currency)}
          </p>
        )}
        <p className="text-sm text-ink-muted">{t('settlement.balance.explanation')}</p>
      </div>
      {canWithdraw ? (
        <div className="flex flex-col gap-1 sm:items-end">
          <Button onClick={onRequestPayout} disabled={loading || balanceMinor <= 0}>
            {t('settlement.balance.requestPayout')}
          </Button>
          {!loading && balanceMinor <= 0 ? (
            <p className="text-sm text-ink-muted">{t('settlement.balance.nothingToPayOut')}</p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
