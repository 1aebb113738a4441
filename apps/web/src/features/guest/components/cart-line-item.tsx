import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import type { CartAction, PricedLine } from '../model/cart';

/** One dish in the cart: what was chosen, its price, what is wrong with it, how many, and Remove. */
export function CartLineItem({
  priced: { line, name, optionNames, lineTotalMinor },
  error,
  currency,
  dispatch,
}: {
  priced: PricedLine;
  /** The server's complaint about the line, or why it cannot be ordered now. */
  error: string | null | undefined;
  currency: string;
  dispatch: (action: CartAction) => void;
}) {
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0" data-testid="cart-line">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h3 className={cn('text-base font-semibold break-words', error ? 'text-ink-muted' : 'text-ink')}>
            {name}
          </h3>
          {optionNames.length > 0 ? <p className="text-sm text-ink-muted">{optionNames.join(', ')}</p> : null}
          {line.note ? <p className="text-sm text-ink-muted italic">“{line.note}”</p> : null}
        </div>
        <span className="shrink-0 text-base font-semibold text-ink tabular-nums">
          {formatMoney(lineTotalMinor, currency)}
        </span>
      </div>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700" data-testid="cart-line-error">
          {error}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <QuantityStepper
          value={line.quantity}
          onChange={(quantity) => dispatch({ type: 'setQuantity', id: line.id, quantity })}
          label={t('guest.stepper.howMany', { name })}
        />
        <button
          type="button"
          data-remove-line
          aria-label={t('guest.cart.removeDish', { name })}
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
          {t('guest.cart.remove')}
        </button>
      </div>
    </li>
  );
}
