import { BagIcon } from '../../../components/ui/icons';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

/** Fixed at the bottom while the cart holds something: how many dishes, the total, and the way in. */
export function CartBar({
  count,
  totalMinor,
  currency,
  announcement,
  problems = 0,
  onOpen,
}: {
  count: number;
  totalMinor: number;
  currency: string;
  /** A short "Margherita added" shown for a moment after adding (the screen announces it). */
  announcement: string | null;
  /** Lines that cannot be ordered as the menu is now (sold out meanwhile): the bar warns. */
  problems?: number;
  onOpen: () => void;
}) {
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 px-3 pt-6 pb-[max(0.75rem,env(safe-area-inset-bottom))] bg-gradient-to-t from-surface via-surface/90 to-transparent">
      {problems > 0 ? (
        <p
          role="status"
          className="mx-auto mb-2 w-full max-w-2xl rounded-xl bg-amber-100 px-4 py-2 text-sm font-medium text-amber-900 shadow-sm"
          data-testid="cart-bar-warning"
        >
          {t('guest.cartBar.problems', { count: problems })}
        </p>
      ) : null}
      <button
        type="button"
        onClick={onOpen}
        className="pointer-events-auto mx-auto flex min-h-14 w-full max-w-2xl items-center gap-3 rounded-2xl bg-accent-700 px-4 text-left text-white shadow-lg transition-colors hover:bg-accent-800 active:bg-accent-900"
        data-testid="cart-bar"
      >
        <span className="relative flex size-9 shrink-0 items-center justify-center rounded-full bg-white/15">
          <BagIcon />
          <span className="absolute -top-1 -right-1 flex min-w-5 items-center justify-center rounded-full bg-white px-1 text-xs font-bold text-accent-800 tabular-nums">
            {count}
          </span>
        </span>
        <span className="flex-1 text-base font-semibold">
          {announcement ?? t('guest.cartBar.view')}
          <span className="sr-only">{t('guest.cartBar.items', { count })}</span>
        </span>
        <span className="text-base font-semibold tabular-nums">{formatMoney(totalMinor, currency)}</span>
      </button>
    </div>
  );
}
