import type { TDayReport } from '@tavolo/contract/receipts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCalendarDate, formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { examplePrice } from '../../../lib/price-input';
import { randomUuid } from '../../../lib/random-uuid';
import { useCloseDay } from '../api/close-day';
import { readCashCount } from '../model/cash-count';
import { DIFFERENCE_TONES, describeCashDifference, openAtCloseOf } from '../model/day-report';

const NOTE_MAX = 500;

/**
 * Why the close was refused, in words: bills opened since the report was read (409
 * DAY_HAS_OPEN_BILLS), closed meanwhile (409), a day not begun (422), or the rest.
 */
function describeCloseFailure(error: unknown): string {
  if (isHttpError(error, 409) && error.code === 'DAY_HAS_OPEN_BILLS')
    return t('payments.close.openedMeanwhile');
  if (isHttpError(error, 409)) return t('payments.close.alreadyClosed');
  if (isHttpError(error, 422)) return t('payments.close.notBegun');
  return t('payments.close.failed', { reason: getErrorMessage(error) });
}

/**
 * The cash counted in the drawer, its difference to the cash expected as it is typed, an optional
 * note, and "Close the day" behind a confirmation: closing is final. A retry of the same close
 * sends the same Idempotency-Key, so the day is closed once however often it is sent.
 */
export function CloseDayForm({ report }: { report: TDayReport }) {
  const [cash, setCash] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const close = useCloseDay();
  const toast = useToast();
  const differenceId = useId();
  const { currency } = report;
  const count = readCashCount(cash, report.cashExpectedMinor, currency);
  const day = formatCalendarDate(report.date);
  // Open bills are acknowledged only when the dialog named them; the server refuses the close otherwise.
  const open = openAtCloseOf(report);

  const review = (event: FormEvent) => {
    event.preventDefault();
    if (count.status !== 'ok') {
      setError(count.status === 'empty' ? t('payments.close.cashRequired') : count.message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    setConfirming(true);
  };

  const confirm = async () => {
    if (count.status !== 'ok') return;
    const body = {
      cashCountedMinor: count.countedMinor,
      note: note.trim() || undefined,
      acknowledgeOpen: open ? true : undefined,
    };
    const signature = JSON.stringify([report.date, body]);
    if (attempt.current?.signature !== signature) attempt.current = { key: randomUuid(), signature };
    // Awaited rather than mutate's callbacks: the Z report replaces this form as soon as the day is
    // closed, and a callback of an unmounted form never runs.
    try {
      await close.mutateAsync({ date: report.date, body, idempotencyKey: attempt.current.key });
      toast.success(t('payments.close.done', { day }));
    } catch (failure) {
      setConfirming(false);
      toast.error(describeCloseFailure(failure));
    }
  };

  return (
    <Card className="flex flex-col gap-4" data-testid="close-day-form">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold text-ink">{t('payments.close.formTitle')}</h2>
        <p className="text-sm text-ink-muted">{t('payments.close.formDescription')}</p>
      </div>
      <form noValidate onSubmit={review} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            ref={field}
            label={t('payments.close.cashCounted', { currency })}
            hint={t('payments.close.cashHint', {
              expected: formatMoney(report.cashExpectedMinor, currency),
              example: examplePrice(currency),
            })}
            inputMode="decimal"
            autoComplete="off"
            value={cash}
            error={error}
            onChange={(event) => {
              setCash(event.target.value);
              setError(undefined);
            }}
          />
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium text-ink" id={`${differenceId}-label`}>
              {t('payments.close.difference')}
            </span>
            <output
              id={differenceId}
              aria-live="polite"
              aria-labelledby={`${differenceId}-label`}
              className={cn(
                'flex min-h-11 items-center rounded-lg border px-3 text-sm font-semibold tabular-nums',
                count.status === 'ok'
                  ? DIFFERENCE_TONES[count.state]
                  : 'border-line bg-surface text-ink-muted',
              )}
              data-testid="cash-difference"
              data-state={count.status === 'ok' ? count.state : undefined}
            >
              {count.status === 'ok'
                ? describeCashDifference(count.differenceMinor, currency)
                : t('payments.close.differencePending')}
            </output>
          </div>
        </div>
        <TextareaField
          label={t('payments.close.note')}
          hint={t('payments.close.noteHint', { max: NOTE_MAX })}
          maxLength={NOTE_MAX}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <Button
          type="submit"
          className="self-start"
          pending={close.isPending}
          pendingLabel={t('payments.close.closing')}
        >
          {t('payments.close.submit')}
        </Button>
      </form>
      <ConfirmDialog
        open={confirming}
        tone={open ? 'danger' : 'primary'}
        title={t('payments.close.confirmTitle', { day })}
        description={
          count.status === 'ok' ? (
            <div className="flex flex-col gap-2">
              {open ? (
                <p className="font-medium text-red-800" data-testid="close-open-warning">
                  {open.bills.count > 0
                    ? t('payments.close.confirmOpen', {
                        count: open.bills.count,
                        due: formatMoney(open.bills.dueMinor, currency),
                      })
                    : null}{' '}
                  {open.checkouts.count > 0
                    ? t('payments.close.confirmCheckouts', { count: open.checkouts.count })
                    : null}
                </p>
              ) : null}
              <p>
                {t('payments.close.confirmCash', {
                  counted: formatMoney(count.countedMinor, currency),
                  difference: describeCashDifference(count.differenceMinor, currency),
                })}
              </p>
              <p className="font-medium text-ink">{t('payments.close.confirmFinal')}</p>
            </div>
          ) : undefined
        }
        confirmLabel={open ? t('payments.close.closeAnyway') : t('payments.close.submit')}
        pendingLabel={t('payments.close.closing')}
        pending={close.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
