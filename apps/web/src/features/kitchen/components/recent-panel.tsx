import type { TKitchenTicket } from '@tavolo/contract/kitchen';
import { UnsentMark } from '../../../components/ui/staff-offline-status';
import { courseName } from '../../../lib/courses';
import { t } from '../../../lib/i18n/i18n';
import { ticketKey } from '../../../lib/kitchen';
import { recallableLineIndexes } from '../model/tickets';

/**
 * The tickets bumped in the last ten minutes, newest first, each with Recall while it can be: a
 * dish sent too soon comes back to the station.
 */
export function RecentPanel({
  tickets,
  unsent,
  now,
  canRecall,
  onRecall,
}: {
  tickets: readonly TKitchenTicket[];
  /** Keys of the tickets whose bump waits to be sent (made offline). */
  unsent?: ReadonlySet<string>;
  now: number;
  canRecall: boolean;
  onRecall: (ticket: TKitchenTicket, lineIndexes: number[]) => void;
}) {
  const recallable = tickets
    .map((ticket) => ({ ticket, lines: recallableLineIndexes(ticket, now) }))
    .filter((entry) => entry.lines.length > 0);
  return (
    <section
      aria-labelledby="kitchen-recent"
      data-testid="recent"
      className="flex min-w-0 flex-col gap-1 rounded-xl bg-slate-900 px-3 py-2 sm:flex-row sm:items-center sm:gap-3"
    >
      <h2 id="kitchen-recent" className="shrink-0 text-base font-bold tracking-wide text-slate-300 uppercase">
        {t('kitchen.recent.title')}
      </h2>
      {recallable.length === 0 ? (
        <p className="text-lg text-slate-400">{t('kitchen.recent.empty')}</p>
      ) : (
        <ul className="flex min-w-0 gap-2 overflow-x-auto">
          {recallable.map(({ ticket, lines }) => (
            <li
              key={ticketKey(ticket)}
              data-testid="recent-ticket"
              // At most the panel's width: a long course name gives way before Recall does.
              className="flex max-w-full shrink-0 items-center gap-3 rounded-lg bg-slate-800 py-1 pr-1 pl-3 text-lg whitespace-nowrap text-slate-50"
            >
              <span className="shrink-0 font-bold">
                {t('kitchen.ticket.table', { table: ticket.tableNumber })} · #{ticket.orderNumber}
              </span>
              <span className="min-w-0 truncate text-slate-300">{courseName(ticket.course)}</span>
              {unsent?.has(ticketKey(ticket)) ? <UnsentMark tone="dark" /> : null}
              {canRecall ? (
                <button
                  type="button"
                  onClick={() => onRecall(ticket, lines)}
                  aria-label={t('kitchen.recent.recallLabel', {
                    table: ticket.tableNumber,
                    number: ticket.orderNumber,
                  })}
                  className="min-h-11 shrink-0 rounded-md border-2 border-amber-400 px-3 font-bold text-amber-200 hover:bg-slate-700 focus-visible:outline-sky-300"
                >
                  {t('kitchen.recent.recall')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
