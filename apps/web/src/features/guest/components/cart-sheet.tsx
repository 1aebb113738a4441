import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import type { Cart, CartAction, CartTotals, PricedLine } from '../model/cart';
import { QuantityStepper } from './quantity-stepper';

export interface OrderProblem {
  message: string;
  /** Other fields the server named (the note, the name). */
  fields: Record<string, string>;
}

/** The cart as a sheet: lines, the guest's name and note, the estimate, and "Place order". */
export function CartSheet({
  open,
  onClose,
  cart,
  dispatch,
  priced,
  totals,
  currency,
  serviceChargePercent,
  tableName,
  lineErrors,
  problem,
  placing,
  onPlace,
}: {
  open: boolean;
  onClose: () => void;
  cart: Cart;
  dispatch: (action: CartAction) => void;
  priced: readonly PricedLine[];
  totals: CartTotals;
  currency: string;
  serviceChargePercent: number;
  tableName: string;
  lineErrors: Readonly<Record<string, string>>;
  problem: OrderProblem | null;
  placing: boolean;
  onPlace: () => void;
}) {
  const unavailable = priced.filter((entry) => entry.problem).length;
  const empty = priced.length === 0;
  return (
    <ModalDialog
      open={open}
      // While the order is on its way the sheet stays, and the cart cannot change under it: the
      // answer then clears exactly what was sent, and a failure is shown where the guest looks.
      onClose={placing ? () => undefined : onClose}
      variant="sheet"
      title="Your order"
      description={tableName}
      testId="cart-sheet"
      footer={
        <div className="flex flex-col gap-3">
          {problem ? <Alert>{problem.message}</Alert> : null}
          {unavailable > 0 && !problem ? (
            <p className="text-sm font-medium text-red-700">
              {unavailable === 1 ? 'One item cannot' : `${unavailable} items cannot`} be ordered now: remove{' '}
              {unavailable === 1 ? 'it' : 'them'} to place your order.
            </p>
          ) : null}
          <Button
            size="large"
            onClick={onPlace}
            disabled={empty || unavailable > 0}
            pending={placing}
            pendingLabel="Placing your order…"
          >
            Place order · {formatMoney(totals.totalMinor, currency)}
          </Button>
        </div>
      }
    >
      {empty ? (
        <p className="py-8 text-center text-sm text-ink-muted">
          Your order is empty. Tap a dish on the menu to add it.
        </p>
      ) : (
        <fieldset disabled={placing} className="flex min-w-0 flex-col gap-6">
          <legend className="sr-only">Your dishes, name and note</legend>
          <ul className="flex flex-col divide-y divide-line" aria-label="Dishes">
            {priced.map(({ line, lineTotalMinor, problem: lineProblem }) => {
              const error = lineErrors[line.id] ?? lineProblem;
              return (
                <li key={line.id} className="flex flex-col gap-2 py-3 first:pt-0" data-testid="cart-line">
                  <div className="flex items-start justify-between gap-3">
                    <div className="flex min-w-0 flex-col gap-0.5">
                      <h3
                        className={cn(
                          'text-base font-semibold break-words',
                          error ? 'text-ink-muted' : 'text-ink',
                        )}
                      >
                        {line.name}
                      </h3>
                      {line.options.length > 0 ? (
                        <p className="text-sm text-ink-muted">
                          {line.options.map((option) => option.choice).join(', ')}
                        </p>
                      ) : null}
                      {line.note ? <p className="text-sm text-ink-muted italic">“{line.note}”</p> : null}
                    </div>
                    <span className="shrink-0 text-base font-semibold text-ink tabular-nums">
                      {formatMoney(lineTotalMinor, currency)}
                    </span>
                  </div>
                  {error ? (
                    <p
                      role="alert"
                      className="text-sm font-medium text-red-700"
                      data-testid="cart-line-error"
                    >
                      {error}
                    </p>
                  ) : null}
                  <div className="flex items-center justify-between gap-3">
                    <QuantityStepper
                      value={line.quantity}
                      onChange={(quantity) => dispatch({ type: 'setQuantity', id: line.id, quantity })}
                      label={`How many ${line.name}`}
                    />
                    <button
                      type="button"
                      data-remove-line
                      onClick={(event) => {
                        // The button goes with its line: focus moves to a neighbour's, or the sheet's first.
                        const item = event.currentTarget.closest('li');
                        const next = item?.nextElementSibling ?? item?.previousElementSibling;
                        const sheet = event.currentTarget.closest('dialog');
                        dispatch({ type: 'remove', id: line.id });
                        requestAnimationFrame(() => {
                          const target =
                            next?.querySelector<HTMLElement>('[data-remove-line]') ??
                            sheet?.querySelector<HTMLElement>('button');
                          target?.focus();
                        });
                      }}
                      className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium text-red-700 hover:bg-red-50 active:bg-red-100"
                    >
                      Remove<span className="sr-only"> {line.name}</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-col gap-4">
            <TextField
              label="Your name (optional)"
              hint="So the staff know whose order it is."
              autoComplete="given-name"
              maxLength={80}
              value={cart.customerName}
              error={problem?.fields.customerName}
              onChange={(event) => dispatch({ type: 'setCustomerName', customerName: event.target.value })}
            />
            <TextareaField
              label="Note for the staff (optional)"
              placeholder="We're celebrating a birthday!"
              maxLength={500}
              rows={2}
              value={cart.note}
              error={problem?.fields.note}
              onChange={(event) => dispatch({ type: 'setNote', note: event.target.value })}
            />
          </div>
          <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm">
            <dl className="flex flex-col gap-1" data-testid="cart-totals">
              <div className="flex justify-between gap-4">
                <dt className="text-ink-muted">Subtotal</dt>
                <dd className="text-ink tabular-nums">{formatMoney(totals.subtotalMinor, currency)}</dd>
              </div>
              {serviceChargePercent > 0 ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-muted">Service charge ({serviceChargePercent}%)</dt>
                  <dd className="text-ink tabular-nums">
                    {formatMoney(totals.serviceChargeMinor, currency)}
                  </dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-semibold">
                <dt className="text-ink">Total</dt>
                <dd className="text-ink tabular-nums">{formatMoney(totals.totalMinor, currency)}</dd>
              </div>
            </dl>
            <p className="text-xs text-ink-muted">The restaurant confirms the final total with your order.</p>
          </div>
        </fieldset>
      )}
    </ModalDialog>
  );
}
