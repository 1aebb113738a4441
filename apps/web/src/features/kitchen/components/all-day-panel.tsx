import type { TAllDayEntry } from '@tavolo/contract/kitchen';
import { allDayKey } from '@tavolo/contract/values/kitchen';
import { t } from '../../../lib/i18n/i18n';

/** What the station has to make right now, summed by dish and options: what to fire in one go. */
export function AllDayPanel({ entries }: { entries: readonly TAllDayEntry[] }) {
  return (
    <section
      aria-labelledby="kitchen-all-day"
      data-testid="all-day"
      className="flex min-w-0 flex-col gap-1 rounded-xl bg-slate-900 px-3 py-2 sm:flex-row sm:items-center sm:gap-3"
    >
      <h2
        id="kitchen-all-day"
        className="shrink-0 text-base font-bold tracking-wide text-slate-300 uppercase"
      >
        {t('kitchen.allDay.title')}
      </h2>
      {entries.length === 0 ? (
        <p className="text-lg text-slate-400">{t('kitchen.allDay.empty')}</p>
      ) : (
        // One row that scrolls sideways: the tickets below keep the screen's height.
        <ul className="flex min-w-0 gap-2 overflow-x-auto">
          {entries.map((entry) => (
            <li
              key={allDayKey(entry.menuItemId, entry.options)}
              data-testid="all-day-entry"
              className="flex shrink-0 items-baseline gap-2 rounded-lg bg-slate-800 px-3 py-1 text-xl whitespace-nowrap text-slate-50"
            >
              <span className="font-black tabular-nums">{entry.quantity}×</span>
              <span className="font-semibold">{entry.name}</span>
              {entry.options.length > 0 ? (
                <span className="text-slate-300">
                  {entry.options.map((option) => option.choice).join(', ')}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
