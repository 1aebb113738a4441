import { CloudOffIcon } from '../../../components/ui/icons';
import { formatTimeOfDay } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

/**
 * Says the menu on screen may be out of date: the phone is offline, or the menu is the copy the
 * phone saved (opened without a network, decision 041), with when it was saved. Orders can still
 * be placed: they wait on the phone.
 */
export function SavedMenuNotice({ online, savedAt }: { online: boolean; savedAt: number | undefined }) {
  return (
    <p
      role="status"
      className="flex items-start gap-3 rounded-2xl bg-slate-100 px-4 py-3 text-sm text-ink"
      data-testid="saved-menu"
      data-online={online}
    >
      <CloudOffIcon className="mt-0.5 size-5 shrink-0 text-ink-muted" />
      <span className="flex flex-col gap-0.5">
        <span className="font-semibold">
          {online ? t('guest.offline.savedTitle') : t('guest.offline.title')}
        </span>
        <span>
          {savedAt === undefined
            ? t('guest.offline.maybeOutdated')
            : t('guest.offline.savedAt', { time: formatTimeOfDay(new Date(savedAt).toISOString()) })}{' '}
          {online ? null : t('guest.offline.ordersWait')}
        </span>
      </span>
    </p>
  );
}
