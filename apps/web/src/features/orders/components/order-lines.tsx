import type { TOrderLine } from '@tavolo/contract/orders';
import { lineAmountsOf } from '@tavolo/contract/values/bill-rows';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';

/**
 * The language dish names are written in, so that the browser hyphenates them as real words. The
 * dashboard's own text is in the person's language (the page's lang), but names are typed by the
 * restaurant's staff, most likely in their browser's language. Restaurants do not record a working
 * language yet (PRODUCT.md §12); when they do, it replaces this.
 */
function namesLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}

/**
 * The dishes of an order with their options and notes. On the board (dark, read from a distance)
 * quantities and names are large and notes stand out; in the details (light) prices show too.
 */
export function OrderLines({
  items,
  tone,
  currency,
}: {
  items: readonly TOrderLine[];
  tone: 'board' | 'details';
  currency?: string;
}) {
  const board = tone === 'board';
  return (
    <ul className={cn('flex flex-col', board ? 'gap-2' : 'divide-y divide-line')}>
      {items.map((line, index) => (
        <li
          // Lines have no id; the same dish may appear twice with other options.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is never reordered.
          key={index}
          data-testid="order-line"
          data-voided={line.voidedQuantity}
          className={cn(!board && 'flex items-start gap-3 py-3 first:pt-0 last:pb-0')}
        >
          <div className="min-w-0 flex-1">
            <p
              className={cn(
                board
                  ? 'text-base leading-snug font-semibold text-white @[11rem]:text-lg'
                  : 'flex gap-1.5 text-base font-medium text-ink',
                // A narrow card gives the name the whole width, flowing on after the quantity; a
                // wider one hangs it beside the quantity.
                board && '@[13rem]:flex @[13rem]:gap-1.5',
                // Every unit voided: the line stays on the ticket, struck through.
                line.quantity === 0 &&
                  (board ? 'text-slate-400 line-through' : 'text-ink-muted line-through'),
              )}
            >
              {/* As ordered; voided units are struck through below (they stay on the ticket). */}
              <span className={cn('shrink-0 tabular-nums', board ? 'text-teal-300' : 'text-ink-muted')}>
                {line.quantity + line.voidedQuantity}×
              </span>{' '}
              {/*
                Lines break between words, or where the browser hyphenates the names' language; a
                token longer than the line breaks anywhere rather than overflowing the card.
              */}
              <span
                lang={namesLanguage()}
                data-testid="order-line-name"
                className="min-w-0 hyphens-auto wrap-anywhere [hyphenate-limit-chars:6_3_3]"
              >
                {line.name}
              </span>
            </p>
            {line.voidedQuantity > 0 ? (
              <p className={cn('mt-0.5 text-sm font-semibold', board ? 'text-red-300' : 'text-red-800')}>
                <s data-testid="voided-units">{t('orders.lines.voided', { count: line.voidedQuantity })}</s>
              </p>
            ) : null}
            {line.discountMinor > 0 && currency ? (
              <p className={cn('mt-0.5 text-sm', board ? 'text-green-300' : 'text-green-800')}>
                {t('orders.lines.discount', { amount: formatMoney(line.discountMinor, currency) })}
              </p>
            ) : null}
            {line.options.length > 0 ? (
              <ul className={cn('mt-0.5 text-sm', board ? 'text-slate-300' : 'text-ink-muted')}>
                {line.options.map((option) => (
                  <li key={`${option.group}:${option.choice}`}>
                    {option.group}:{' '}
                    <span className={cn(board && 'font-medium text-slate-100')}>{option.choice}</span>
                    {!board && option.priceMinor > 0 && currency
                      ? ` (+${formatMoney(option.priceMinor, currency)})`
                      : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {line.note ? (
              <p
                className={cn(
                  'mt-1 rounded-md px-2 py-1 text-sm font-semibold break-words',
                  board
                    ? 'bg-amber-300 text-slate-950'
                    : 'border border-amber-200 bg-amber-50 text-amber-900',
                )}
              >
                <span className="sr-only">{t('orders.lines.note')} </span>
                {t('orders.quoted', { text: line.note })}
              </p>
            ) : null}
          </div>
          {!board && currency ? (
            <p className="shrink-0 text-sm text-ink tabular-nums">
              {/* At its menu price with options; its discount is said under the name and on the Discounts row. */}
              {formatMoney(lineAmountsOf(line).amountMinor, currency)}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
