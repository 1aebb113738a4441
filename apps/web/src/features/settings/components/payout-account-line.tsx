import { Link } from 'react-router';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';

/** Part of the company information: where payouts go (the default settlement account), in one line. */
export function PayoutAccountLine() {
  const { restaurant } = useCurrentSession();
  const canManage = useCan('settlement.manage');
  const account = restaurant.payoutAccount;
  return (
    <div className="flex flex-wrap items-center gap-x-3 text-sm text-ink-muted" data-testid="payout-account">
      <p>
        {account ? (
          <>
            {t('settings.payout.goesTo')}{' '}
            <span className="font-medium text-ink">
              {account.bankName} {account.accountNumberMasked}
            </span>
            {t('settings.payout.goesToEnd')}
          </>
        ) : (
          t('settings.payout.none')
        )}
      </p>
      {canManage ? (
        <Link
          to="/dashboard/settlement/accounts"
          className="inline-flex min-h-11 items-center font-medium text-accent-800 underline underline-offset-2 hover:text-accent-900"
        >
          {account ? t('settings.payout.manage') : t('settings.payout.add')}
        </Link>
      ) : null}
    </div>
  );
}
