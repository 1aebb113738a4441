import type { TPublicRestaurant } from '@tavolo/contract/menu';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '../../../components/ui/icons';
import { t } from '../../../lib/i18n/i18n';
import type { EventStreamStatus } from '../../../lib/use-event-stream';
import { ConnectionHint } from './connection-hint';
import { LanguageSwitch } from './language-switch';

/** The slim header of the guest's inner pages: back to the menu, the restaurant, and whether it is live. */
export function GuestPageHeader({
  backTo,
  backLabel = t('guest.common.backToMenu'),
  restaurant,
  fallbackTitle,
  stream,
  liveTitle,
}: {
  backTo: string;
  backLabel?: string;
  restaurant: Pick<TPublicRestaurant, 'name' | 'logoUrl'> | undefined;
  fallbackTitle: string;
  stream?: EventStreamStatus;
  liveTitle?: string;
}) {
  return (
    <header className="border-b border-line bg-panel">
      <div className="mx-auto flex max-w-2xl items-center gap-2 px-2 py-2">
        <Link
          to={backTo}
          className="flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink"
          aria-label={backLabel}
        >
          <ArrowLeftIcon />
        </Link>
        {restaurant?.logoUrl ? (
          <img src={restaurant.logoUrl} alt="" className="size-8 shrink-0 rounded-lg object-cover" />
        ) : null}
        <p className="min-w-0 flex-1 truncate text-base font-semibold text-ink">
          {restaurant?.name ?? fallbackTitle}
        </p>
        {stream ? <ConnectionHint state={stream} liveTitle={liveTitle} /> : null}
        <LanguageSwitch />
      </div>
    </header>
  );
}
