import type { TAllDayEntry } from '@tavolo/contract/kitchen';
import { allDayKey } from '@tavolo/contract/values/kitchen';
import { t } from '../../../lib/i18n/i18n';

/** What the station has to make right now, summed by dish and options: what to fire in one go. */
export function AllDayPanel({ entries }: { entries: readonly TAllDayEntry[] }) {
  return (
    <section
      aria-labelledby="kitchen-all-day"
      data-testid="all-day"
      className="flex flex-col gap-2 rounded-xl bg-slate-900 p-3"
    >
      <h2 id="kitchen-all-day" className="text-base font-bold tracking-wide text-slate-300 uppercase">
        {t('kitchen.allDay.title')}
      </h2>
      {entries.length === 0 ? (
        <p className="text-lg text-slate-400">{t('kitchen.allDay.empty')}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {entries.map((entry) => (
            <li
              key={allDayKey(entry.menuItemId, entry.options)}
              data-testid="all-day-entry"
              className="flex items-baseline gap-2 rounded-lg bg-slate-800 px-3 py-1 text-xl text-slate-50"
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
