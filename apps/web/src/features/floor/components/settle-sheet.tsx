import type { TFloorTable } from '@tavolo/contract/floor';
import type { TTakeBillPaymentRequest, TTakenBillPayment } from '@tavolo/contract/table-service';
import { type ReactNode, useRef, useState } from 'react';
import { EmailReceiptForm } from '../../../components/shared/email-receipt-form';
import { ReceiptView } from '../../../components/shared/receipt-view';
import { Button } from '../../../components/ui/button';
import { PrinterIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { PrintSlip } from '../../../components/ui/print-slip';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { formatMoney } from '../../../lib/format';
import { useReceipt } from '../../../lib/get-receipt';
import { t } from '../../../lib/i18n/i18n';
import { formatPriceInput, parsePriceInput } from '../../../lib/price-input';
import { randomUuid } from '../../../lib/random-uuid';
import { useTableBill } from '../api/get-table-bill';
import { useTakeBillPayment } from '../api/take-bill-payment';
import { changeDue, freeToPay, quickTenders, seatDues } from '../model/settle';

type Mode = TTakeBillPaymentRequest['mode'];
type Method = TTakeBillPaymentRequest['method'];

/**
 * Finishing a table (PRODUCT.md §9): the whole bill, one seat or an amount, by cash (what was handed
 * over, the change due) or card (as the terminal took it), then the receipt offered: print, e-mail
 * or none. Someone who may not take payments is told whom to ask instead of a sheet of nothing.
 */
export function SettleSheet({ table, onClose }: { table: TFloorTable; onClose: () => void }) {
  const canTake = useCan(['payments.take', 'payments.manage']);
  const [done, setDone] = useState<TTakenBillPayment | null>(null);
  const currency = useCurrentSession().restaurant.currency;
  const title = t('floor.settle.title', { table: table.number });
  if (!canTake) {
    return (
      <ModalDialog open onClose={onClose} variant="sheet" title={title} testId="settle-sheet">
        <div className="flex flex-col gap-3 text-sm" data-testid="settle-no-permission">
          <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{t('floor.settle.askSomeone')}</p>
          <p className="text-ink-muted">
            {t('floor.settle.dueNow', { due: formatMoney(table.dueMinor, currency) })}
          </p>
        </div>
      </ModalDialog>
    );
  }
  return (
    <ModalDialog open onClose={onClose} variant="sheet" title={title} testId="settle-sheet">
      {done ? (
        <PaidStep taken={done} currency={currency} onNext={() => setDone(null)} onClose={onClose} />
      ) : (
        <PayStep table={table} currency={currency} onPaid={setDone} />
      )}
    </ModalDialog>
  );
}

function PayStep({
  table,
  currency,
  onPaid,
}: {
  table: TFloorTable;
  currency: string;
  onPaid: (taken: TTakenBillPayment) => void;
}) {
  const toast = useToast();
  const bill = useTableBill(table.id, true);
  const take = useTakeBillPayment();
  const [mode, setMode] = useState<Mode>('full');
  const [seat, setSeat] = useState<number | null>(null);
  const [amountText, setAmountText] = useState('');
  const [method, setMethod] = useState<Method>('cash');
  const [tenderedText, setTenderedText] = useState('');
  // A retry of the same payment keeps its key: the server answers it again, never twice.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const money = (minor: number) => formatMoney(minor, currency);

  if (!bill.data) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-ink-muted">
        <Spinner className="size-4" /> {t('floor.settle.loading')}
      </p>
    );
  }
  const free = freeToPay(bill.data);
  const seats = seatDues(bill.data);
  if (free === 0) return <p className="text-sm text-ink-muted">{t('floor.settle.nothingDue')}</p>;

  const parsedAmount = parsePriceInput(amountText, currency);
  const amount =
    mode === 'full'
      ? free
      : mode === 'seat'
        ? (seats.find((s) => s.seat === seat)?.dueMinor ?? 0)
        : parsedAmount.ok
          ? parsedAmount.minor
          : 0;
  const parsedTender = tenderedText.trim() === '' ? null : parsePriceInput(tenderedText, currency);
  const tendered = parsedTender?.ok ? parsedTender.minor : null;
  const change = method === 'cash' ? changeDue(amount, tendered) : 0;
  const tooMuch = mode === 'amount' && amount > free;
  const short = method === 'cash' && tendered !== null && tendered < amount;
  const ready = amount > 0 && !tooMuch && !short;

  const submit = () => {
    if (!ready || take.isPending) return;
    const body: TTakeBillPaymentRequest =
      mode === 'seat'
        ? { mode, seat: seat!, method }
        : mode === 'amount'
          ? { mode, amountMinor: amount, method }
          : { mode, method };
    if (method === 'cash' && tendered !== null) body.tenderedMinor = tendered;
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: randomUuid() };
    take.mutate(
      { tableId: table.id, body, idempotencyKey: attempt.current.key },
      {
        onSuccess: (taken) => {
          attempt.current = null;
          setTenderedText('');
          setSeat(null);
          onPaid(taken);
        },
        onError: (error) => toast.error(t('floor.settle.failed', { error: getErrorMessage(error) })),
      },
    );
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="text-sm text-ink" data-testid="settle-due">
        {t('floor.settle.dueNow', { due: money(free) })}
      </p>
      <SegmentedControl
        legend={t('floor.settle.what')}
        value={mode}
        onChange={setMode}
        segments={[
          { value: 'full', label: t('floor.settle.whole') },
          ...(seats.length > 0 ? [{ value: 'seat' as const, label: t('floor.settle.bySeat') }] : []),
          { value: 'amount', label: t('floor.settle.byAmount') },
        ]}
      />
      {mode === 'seat' ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('floor.settle.pickSeat')}</legend>
          {seats.map((entry) => (
            <button
              key={entry.seat}
              type="button"
              disabled={entry.paid}
              aria-pressed={seat === entry.seat}
              onClick={() => setSeat(entry.seat)}
              data-testid="settle-seat"
              className={cn(
                'flex min-h-12 items-center gap-3 rounded-lg border px-3 py-2 text-left text-sm',
                seat === entry.seat ? 'border-accent-700 bg-accent-50' : 'border-line bg-panel',
                entry.paid && 'opacity-60',
              )}
            >
              <span className="font-semibold text-ink">{t('floor.settle.seat', { seat: entry.seat })}</span>
              <span className="min-w-0 flex-1 truncate text-ink-muted">
                {entry.paid
                  ? t('floor.settle.seatPaid')
                  : entry.items.map((item) => `${item.quantity}× ${item.name}`).join(', ')}
              </span>
              <span className="tabular-nums text-ink">{entry.paid ? '' : money(entry.dueMinor)}</span>
            </button>
          ))}
          {/* A seat pays its lines as the bill charges them: with their share of the service charge. */}
          {bill.data.serviceChargeMinor > 0 ? (
            <p className="text-xs text-ink-muted" data-testid="settle-seat-service">
              {t('floor.settle.seatsWithService')}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {mode === 'amount' ? (
        <TextField
          label={t('floor.settle.amount')}
          inputMode="decimal"
          value={amountText}
          onChange={(event) => setAmountText(event.target.value)}
          error={tooMuch ? t('floor.settle.amountTooMuch', { due: money(free) }) : undefined}
          data-testid="settle-amount"
        />
      ) : null}
      <SegmentedControl
        legend={t('floor.settle.method')}
        value={method}
        onChange={setMethod}
        segments={[
          { value: 'cash', label: t('floor.settle.cash') },
          { value: 'card', label: t('floor.settle.card') },
        ]}
      />
      {method === 'cash' ? (
        <CashTender
          amount={amount}
          currency={currency}
          text={tenderedText}
          onText={setTenderedText}
          change={change}
          short={short}
        />
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-ink">
          {t('floor.settle.cardHint', { amount: money(amount) })}
        </p>
      )}
      <Button
        type="submit"
        size="large"
        disabled={!ready}
        pending={take.isPending}
        data-testid="take-payment"
      >
        {method === 'cash'
          ? t('floor.settle.takeCash', { amount: money(amount) })
          : t('floor.settle.takeCard', { amount: money(amount) })}
      </Button>
    </form>
  );
}

/** What the guest handed over, with buttons for the usual notes, and the change due. */
function CashTender({
  amount,
  currency,
  text,
  onText,
  change,
  short,
}: {
  amount: number;
  currency: string;
  text: string;
  onText: (text: string) => void;
  change: number | null;
  short: boolean;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={t('floor.settle.tendered')}
        inputMode="decimal"
        value={text}
        onChange={(event) => onText(event.target.value)}
        error={short ? t('floor.settle.tenderedShort', { amount: money(amount) }) : undefined}
        data-testid="settle-tendered"
      />
      <div className="flex flex-wrap gap-2">
        {quickTenders(amount).map((tender) => (
          <Button
            key={tender}
            variant="secondary"
            onClick={() => onText(formatPriceInput(tender, currency))}
            data-testid="quick-tender"
          >
            {money(tender)}
          </Button>
        ))}
      </div>
      {change !== null ? (
        <p
          className="flex items-baseline justify-between rounded-lg bg-green-50 p-3 text-green-900"
          data-testid="change-due"
          aria-live="polite"
        >
          <span className="font-medium">{t('floor.settle.changeDue')}</span>
          <span className="text-2xl font-semibold tabular-nums">{money(change)}</span>
        </p>
      ) : null}
    </div>
  );
}

/** After a payment: the change to hand back, then the receipt offered (print, e-mail or none). */
function PaidStep({
  taken,
  currency,
  onNext,
  onClose,
}: {
  taken: TTakenBillPayment;
  currency: string;
  onNext: () => void;
  onClose: () => void;
}) {
  const { restaurant } = useCurrentSession();
  const receipt = useReceipt(taken.receiptId ?? '', undefined, taken.receiptId !== null);
  const [emailing, setEmailing] = useState(false);
  // Once the receipt was printed or e-mailed, the way on; "No receipt" is the way on without one.
  const [given, setGiven] = useState(false);
  const money = (minor: number) => formatMoney(minor, currency);
  const finish = taken.settled ? onClose : onNext;
  const next: ReactNode = taken.settled ? (
    <Button onClick={onClose} data-testid="settle-done">
      {t('floor.settle.done')}
    </Button>
  ) : (
    <Button onClick={onNext} data-testid="settle-next">
      {t('floor.settle.next', { due: money(freeToPay(taken.bill)) })}
    </Button>
  );
  return (
    <div className="flex flex-col gap-4" data-testid="settle-paid">
      <p className="text-sm text-ink">
        {taken.method === 'cash'
          ? t('floor.settle.paidCash', { amount: money(taken.amountMinor) })
          : t('floor.settle.paidCard', { amount: money(taken.amountMinor) })}
        {taken.settled ? ` ${t('floor.settle.settled')}` : ''}
      </p>
      {taken.method === 'cash' && taken.tenderedMinor !== null ? (
        <p
          className="flex items-baseline justify-between rounded-lg bg-green-50 p-4 text-green-900"
          data-testid="change-to-give"
        >
          <span className="font-medium">{t('floor.settle.giveBack')}</span>
          <span className="text-3xl font-semibold tabular-nums">{money(taken.changeMinor)}</span>
        </p>
      ) : null}
      {taken.receiptId ? (
        <section aria-labelledby="receipt-offer" className="flex flex-col gap-2" data-testid="receipt-offer">
          <h3 id="receipt-offer" className="text-sm font-semibold text-ink">
            {t('floor.settle.receipt')}
          </h3>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              disabled={!receipt.data}
              onClick={() => {
                window.print();
                setGiven(true);
              }}
              data-testid="print-receipt"
            >
              <PrinterIcon />
              {t('floor.settle.print')}
            </Button>
            <Button variant="secondary" onClick={() => setEmailing(true)} data-testid="email-receipt">
              {t('floor.settle.email')}
            </Button>
            <Button variant="ghost" onClick={finish} data-testid="no-receipt">
              {t('floor.settle.noReceipt')}
            </Button>
          </div>
          {emailing ? (
            <EmailReceiptForm receiptId={taken.receiptId} confirm="inline" onSent={() => setGiven(true)} />
          ) : null}
          {receipt.data ? (
            <PrintSlip testId="settle-receipt-print">
              <ReceiptView receipt={receipt.data} timeZone={restaurant.timezone} />
            </PrintSlip>
          ) : null}
        </section>
      ) : null}
      {given || !taken.receiptId ? next : null}
    </div>
  );
}
