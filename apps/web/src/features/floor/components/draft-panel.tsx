import { serviceChargeOf } from '@tavolo/contract/money';
import { Button } from '../../../components/ui/button';
import { PencilIcon, TrashIcon } from '../../../components/ui/icons';
import { formatMoney, formatRate } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { type DraftLine, draftCount, draftTotalMinor, type OrderDraft } from '../model/order-draft';
import { courseLabel, seatLabel } from '../model/visit-lines';

/**
 * What will be sent: the draft's lines, each editable or removable until "Send". The button says
 * how many items and what they come to at menu prices (the server prices the order): the bill's
 * subtotal grows by exactly that, and the service charge the bill adds is said under the button.
 * It waits while sending.
 */
export function DraftPanel({
  draft,
  currency,
  sending,
  serviceChargeBasisPoints,
  usualCourse,
  onEdit,
  onRemove,
  onSend,
}: {
  draft: OrderDraft;
  currency: string;
  sending: boolean;
  /** The restaurant's service charge: the bill adds it to this round, on a row of its own. */
  serviceChargeBasisPoints: number;
  /** The course a dish gets when the line names none (its category's); null when unknown. */
  usualCourse: (menuItemId: string) => number | null;
  onEdit: (line: DraftLine) => void;
  onRemove: (line: DraftLine) => void;
  onSend: () => void;
}) {
  const count = draftCount(draft);
  const totalMinor = draftTotalMinor(draft);
  // The same rule the server prices the order with: the bill will show exactly this on its own row.
  const serviceMinor = serviceChargeOf(totalMinor, serviceChargeBasisPoints);
  const courseOf = (line: DraftLine) => {
    const course = line.course ?? usualCourse(line.menuItemId);
    return course === null ? null : courseLabel(course);
  };
  return (
    <section
      aria-labelledby="draft-heading"
      data-testid="order-draft"
      className="flex flex-col gap-3 rounded-xl border-2 border-accent-700 bg-accent-50 p-3 sm:p-4"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="draft-heading" className="text-base font-semibold text-ink">
          {t('floor.draft.title')}
        </h2>
        <span className="text-sm text-ink-muted">{t('floor.draft.notSent')}</span>
      </div>
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line bg-panel">
        {draft.lines.map((line) => (
          <li key={line.id} data-testid="draft-line" className="flex items-start gap-2 px-3 py-2">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words text-ink">
                <span className="tabular-nums">{line.quantity}×</span> {line.name}
              </p>
              {line.options.length > 0 ? (
                <p className="text-sm text-ink-muted">
                  {line.options.map((option) => option.choice).join(', ')}
                </p>
              ) : null}
              <p className="text-xs text-ink-muted">
                {[seatLabel(line.seat), courseOf(line)].filter(Boolean).join(' · ')}
              </p>
              {line.note ? (
                <p className="mt-1 rounded border border-amber-200 bg-amber-50 px-2 py-0.5 text-sm break-words text-amber-900">
                  {t('floor.quoted', { text: line.note })}
                </p>
              ) : null}
            </div>
            <span className="shrink-0 pt-0.5 text-sm text-ink tabular-nums">
              {formatMoney(line.unitPriceMinor * line.quantity, currency)}
            </span>
            <button
              type="button"
              onClick={() => onEdit(line)}
              disabled={sending}
              aria-label={t('floor.draft.edit', { name: line.name })}
              className="flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink disabled:opacity-50"
            >
              <PencilIcon className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => onRemove(line)}
              disabled={sending}
              aria-label={t('floor.draft.remove', { name: line.name })}
              className="flex size-11 shrink-0 items-center justify-center rounded-lg text-red-700 hover:bg-red-50 disabled:opacity-50"
            >
              <TrashIcon className="size-5" />
            </button>
          </li>
        ))}
      </ul>
      <Button
        size="large"
        onClick={onSend}
        pending={sending}
        pendingLabel={t('floor.draft.sending')}
        data-testid="send-draft"
      >
        {t('floor.draft.send', { count, total: formatMoney(totalMinor, currency) })}
      </Button>
      {serviceMinor > 0 ? (
        <p className="text-center text-sm text-ink-muted" data-testid="draft-service-charge">
          {t('floor.draft.serviceCharge', {
            amount: formatMoney(serviceMinor, currency),
            rate: formatRate(serviceChargeBasisPoints),
          })}
        </p>
      ) : null}
    </section>
  );
}
