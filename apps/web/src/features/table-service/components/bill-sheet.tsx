import type { TBillPayment, TTableBill } from '@tavolo/contract/table-service';
import { type ReactNode, useRef, useState } from 'react';
import { tableBillRows } from '../../../components/shared/bill-money';
import { BillSummary } from '../../../components/shared/bill-summary';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { formatMoney, formatTimeOfDay } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { randomUuid } from '../../../lib/random-uuid';
import { useTableServiceActivity } from '../../../lib/table-service-activity';
import { useCloseTableBill } from '../api/close-table-bill';
import { useTableBill } from '../api/get-table-bill';
import {
  type CloseChoice,
  closeRequestOf,
  groupLinesByOrder,
  lineBadge,
  needsConfirmation,
} from '../model/table-bills';

function methodLabel(method: TBillPayment['method']): string {
  switch (method) {
    case 'cash':
      return t('table-service.method.cash');
    case 'card':
      return t('table-service.method.card');
    case 'transfer':
      return t('table-service.method.transfer');
    case 'online':
      return t('table-service.method.online');
  }
}

/** What a guest paying online chose to pay. */
function modeLabel(mode: NonNullable<TBillPayment['mode']>): string {
  switch (mode) {
    case 'full':
      return t('table-service.mode.full');
    case 'equal':
      return t('table-service.mode.equal');
    case 'items':
      return t('table-service.mode.items');
  }
}

/** The table the sheet was opened for, as the list showed it (a link may know only the table). */
export interface OpenedBill {
  tableId: string;
  tableNumber: number | null;
  /** The visit whose bill this is; null for the table's current one, whichever it is. */
  visitId: string | null;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-semibold text-ink' : 'text-ink-muted'}>{label}</dt>
      <dd className={strong ? 'text-lg font-semibold text-ink tabular-nums' : 'text-ink tabular-nums'}>
        {value}
      </dd>
    </div>
  );
}

function BillContent({ bill, timezone }: { bill: TTableBill; timezone: string }) {
  const money = (minor: number) => formatMoney(minor, bill.currency);
  if (bill.lines.length === 0) {
    return <p className="text-sm text-ink-muted">{t('table-service.sheet.noOrders')}</p>;
  }
  return (
    <div className="flex flex-col gap-6">
      <section aria-label={t('table-service.sheet.orders')} className="flex flex-col gap-4">
        {groupLinesByOrder(bill.lines).map((order) => (
          <div key={order.orderId} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
              {t('table-service.sheet.order', { number: order.orderNumber })}
            </h3>
            <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
              {order.lines.map((line) => {
                const badge = lineBadge(line);
                return (
                  <li
                    key={`${line.orderId}-${line.lineIndex}`}
                    data-testid="bill-line"
                    className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
                  >
                    <span className="min-w-0 flex-1 break-words text-ink">
                      <span className="font-semibold tabular-nums">{line.quantity}×</span> {line.name}
                    </span>
                    {badge ? (
                      <Badge tone={badge.tone}>{badge.text}</Badge>
                    ) : (
                      <Badge tone="neutral">{t('table-service.line.unpaid')}</Badge>
                    )}
                    {/* At its menu price with options: service charge and tips are rows of the bill. */}
                    <span className="text-ink tabular-nums" data-testid="bill-line-amount">
                      {money(line.amountMinor)}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </section>

      <div className="flex flex-col gap-1 rounded-lg bg-slate-50 p-3 text-sm" data-testid="bill-totals">
        <BillSummary
          rows={tableBillRows(bill)}
          currency={bill.currency}
          labels={{ due: t('table-service.due') }}
        />
        {bill.pendingMinor > 0 ? (
          <dl>
            <Row label={t('table-service.sheet.beingPaid')} value={money(bill.pendingMinor)} />
          </dl>
        ) : null}
      </div>

      <section aria-label={t('table-service.sheet.payments')} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">
          {t('table-service.sheet.payments')}
        </h3>
        {bill.payments.length === 0 ? (
          <p className="text-sm text-ink-muted">{t('table-service.sheet.noPayments')}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
            {bill.payments.map((payment) => (
              <li
                key={payment.id}
                data-testid="bill-payment"
                className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-2 text-sm"
              >
                <span className="font-medium text-ink">{methodLabel(payment.method)}</span>
                <span className="text-ink-muted">
                  <time dateTime={payment.at}>{formatTimeOfDay(payment.at, timezone)}</time>
                  {payment.mode ? ` · ${modeLabel(payment.mode)}` : ''}
                </span>
                <span className="ml-auto text-ink tabular-nums">
                  {payment.tipMinor > 0
                    ? t('table-service.sheet.amountWithTip', {
                        amount: money(payment.amountMinor),
                        tip: money(payment.tipMinor),
                      })
                    : money(payment.amountMinor)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** What a close asks before it goes, and what it says once done. */
function describeClose(choice: CloseChoice, bill: TTableBill) {
  const due = formatMoney(bill.dueMinor, bill.currency);
  const table = bill.tableNumber;
  // A sentence of its own after the description, when a guest is paying right now.
  const withPending = (description: string) =>
    bill.pendingMinor > 0
      ? `${description} ${t('table-service.close.guestPaying', { amount: formatMoney(bill.pendingMinor, bill.currency) })}`
      : description;
  switch (choice) {
    case 'cash':
      return {
        title: t('table-service.close.cashTitle', { table }),
        description: withPending(t('table-service.close.cashDescription', { due })),
        confirm: t('table-service.close.settleCash', { due }),
        tone: 'primary' as const,
        done: t('table-service.close.cashDone', { table, due }),
      };
    case 'card':
      return {
        title: t('table-service.close.cardTitle', { table }),
        description: withPending(t('table-service.close.cardDescription', { due })),
        confirm: t('table-service.close.settleCardAmount', { due }),
        tone: 'primary' as const,
        done: t('table-service.close.cardDone', { table, due }),
      };
    case 'none':
      return {
        title: t('table-service.close.noneTitle', { table }),
        description: withPending(t('table-service.close.noneDescription', { due })),
        confirm: t('table-service.close.withoutPayment'),
        tone: 'danger' as const,
        done:
          bill.dueMinor > 0
            ? t('table-service.close.noneDone', { table, due })
            : t('table-service.close.settled', { table }),
      };
  }
}

/**
 * Ending the visit: a close while money is due asks first. A retry of the same close keeps its
 * Idempotency-Key, so the server never records the rest twice.
 */
function useBillClose(bill: TTableBill | undefined, onClosed: () => void) {
  const toast = useToast();
  const activity = useTableServiceActivity();
  const close = useCloseTableBill();
  const [asking, setAsking] = useState<CloseChoice | null>(null);
  const [sending, setSending] = useState(false);
  const attempt = useRef<{ choice: CloseChoice; visitId: string; key: string } | null>(null);

  const send = (choice: CloseChoice) => {
    if (!bill) return;
    if (attempt.current?.choice !== choice || attempt.current.visitId !== bill.visitId) {
      attempt.current = { choice, visitId: bill.visitId, key: randomUuid() };
    }
    const words = describeClose(choice, bill);
    setSending(true);
    close.mutate(
      { tableId: bill.tableId, body: closeRequestOf(choice), idempotencyKey: attempt.current.key },
      {
        onSuccess: (closed) => {
          attempt.current = null;
          activity?.noteSettled({
            tableId: bill.tableId,
            tableNumber: bill.tableNumber,
            visitId: closed.visitId,
            totalMinor: bill.totalMinor,
            paidMinor: bill.paidMinor + closed.settledMinor,
          });
          toast.success(
            bill.dueMinor === 0 ? t('table-service.close.settled', { table: bill.tableNumber }) : words.done,
          );
          setAsking(null);
          onClosed();
        },
        onError: (error) => {
          toast.error(
            t('table-service.close.failed', { table: bill.tableNumber, error: getErrorMessage(error) }),
          );
          setAsking(null);
        },
        onSettled: () => setSending(false),
      },
    );
  };

  return {
    asking,
    sending,
    choose: (choice: CloseChoice) => {
      if (bill && needsConfirmation(bill)) setAsking(choice);
      else send(choice);
    },
    confirm: () => {
      if (asking) send(asking);
    },
    cancel: () => setAsking(null),
  };
}

function CloseActions({
  bill,
  sending,
  onChoose,
}: {
  bill: TTableBill;
  sending: boolean;
  onChoose: (choice: CloseChoice) => void;
}) {
  const due = formatMoney(bill.dueMinor, bill.currency);
  if (bill.dueMinor === 0) {
    return (
      <Button
        onClick={() => onChoose('none')}
        pending={sending}
        pendingLabel={t('table-service.close.closing')}
        data-testid="close-bill"
      >
        {t('table-service.close.closeBill')}
      </Button>
    );
  }
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <Button onClick={() => onChoose('cash')} disabled={sending} data-testid="settle-cash">
        {t('table-service.close.settleCash', { due })}
      </Button>
      <Button
        variant="secondary"
        onClick={() => onChoose('card')}
        disabled={sending}
        data-testid="settle-card"
      >
        {t('table-service.close.settleCard')}
      </Button>
      <Button
        variant="ghost"
        className="text-red-700 hover:bg-red-50 hover:text-red-800 sm:ml-auto"
        onClick={() => onChoose('none')}
        disabled={sending}
        data-testid="close-without-payment"
      >
        {t('table-service.close.withoutPayment')}
      </Button>
    </div>
  );
}

/**
 * One table's bill in a sheet: its lines (paid, being paid or not), its payments with their tips,
 * and — for those who take payments — the ways to end the visit. It follows the bill live; once
 * the visit it was opened for has ended it says so instead of showing the table's next bill.
 */
export function BillSheet({ opened, onClose }: { opened: OpenedBill | null; onClose: () => void }) {
  const { restaurant } = useCurrentSession();
  const canPay = useCan('payments.manage');
  const query = useTableBill(opened?.tableId ?? null);
  const bill = query.data;
  const ended =
    bill !== undefined && opened !== null && opened.visitId !== null && bill.visitId !== opened.visitId;
  const tableNumber = opened?.tableNumber ?? bill?.tableNumber;

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4" /> {t('table-service.sheet.loading')}
      </p>
    );
  } else if (query.isError && !bill) {
    body = (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm text-ink-muted">
        <span>{t('table-service.sheet.loadFailed', { error: getErrorMessage(query.error) })}</span>
        <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
          {t('table-service.tryAgain')}
        </Button>
      </div>
    );
  } else if (ended) {
    body = (
      <p className="rounded-lg bg-green-50 p-3 text-sm text-green-800" data-testid="bill-ended">
        {t('table-service.sheet.visitEnded')}
      </p>
    );
  } else if (bill) {
    body = <BillContent bill={bill} timezone={restaurant.timezone} />;
  }

  const closing = useBillClose(bill && !ended ? bill : undefined, onClose);
  const words = closing.asking && bill ? describeClose(closing.asking, bill) : null;
  const footer =
    bill && !ended && canPay && bill.lines.length > 0 ? (
      <CloseActions bill={bill} sending={closing.sending} onChoose={closing.choose} />
    ) : undefined;

  return (
    <>
      <ModalDialog
        open={opened !== null}
        onClose={() => {
          if (!closing.sending) onClose();
        }}
        variant="sheet"
        size="wide"
        testId="bill-sheet"
        title={
          tableNumber === undefined
            ? t('table-service.sheet.bill')
            : t('table-service.table', { table: tableNumber })
        }
        description={
          bill && !ended
            ? t('table-service.sheet.summary', { due: formatMoney(bill.dueMinor, bill.currency) })
            : undefined
        }
        footer={footer}
      >
        {body}
      </ModalDialog>
      {/* Beside the sheet, not in it: Escape and close events of the question must not reach the sheet. */}
      <ConfirmDialog
        open={words !== null}
        title={words?.title ?? ''}
        description={words?.description}
        confirmLabel={words?.confirm}
        pendingLabel={t('table-service.close.closing')}
        tone={words?.tone ?? 'primary'}
        pending={closing.sending}
        onConfirm={closing.confirm}
        onCancel={closing.cancel}
      />
    </>
  );
}
