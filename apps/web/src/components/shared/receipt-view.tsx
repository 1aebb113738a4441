import type { TPaymentMethod } from '@tavolo/contract/orders';
import type { TReceipt } from '@tavolo/contract/receipts';
import { billRowsOf } from '@tavolo/contract/values/bill-rows';
import { cn } from '../../lib/cn';
import { formatDateTime, formatMoney } from '../../lib/format';
import { formatRate } from '../../lib/format-report';
import { t } from '../../lib/i18n/i18n';
import type { TaxRow } from '../../lib/order-taxes';
import { BillSummary } from './bill-summary';

// Here rather than in a feature: staff open receipts from Payments, guests from their payment page.

function methodName(method: TPaymentMethod): string {
  switch (method) {
    case 'cash':
      return t('shared.receipt.method.cash');
    case 'card':
      return t('shared.receipt.method.card');
    case 'transfer':
      return t('shared.receipt.method.transfer');
    case 'online':
      return t('shared.receipt.method.online');
  }
}

/** The seller's address as written: one line per line. */
function addressLines(address: string | null): string[] {
  return (address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function Rule() {
  return <hr className="my-2 border-0 border-t border-dashed border-current opacity-40" />;
}

/**
 * A receipt or a credit note as a till prints it: the seller's legal block, the title, number and
 * date, the lines with their rates, the service charge, the total, each rate's net and tax, the
 * tip and what was paid, and how. A credit note's figures are negative, as the server gives them.
 * Words are the reader's language; money is the receipt's currency, times the restaurant's clock.
 */
export function ReceiptView({
  receipt,
  timeZone,
  className,
}: {
  receipt: TReceipt;
  /** The restaurant's time zone. */
  timeZone: string;
  className?: string;
}) {
  const money = (minor: number) => formatMoney(minor, receipt.currency);
  const { seller } = receipt;
  const credit = receipt.kind === 'credit_note';
  const title = credit ? t('shared.receipt.creditNote') : t('shared.receipt.receipt');
  const rows = billRowsOf<TaxRow>({
    itemsMinor:
      (receipt.shareMinor ?? 0) + receipt.lines.reduce((s, l) => s + l.totalMinor + l.discountMinor, 0),
    discountMinor: receipt.lines.reduce((s, l) => s + l.discountMinor, 0),
    serviceChargeMinor: receipt.serviceChargeMinor,
    addedTaxes:
      receipt.pricesIncludeTax || receipt.taxMinor === 0
        ? []
        : [{ key: 'tax', label: t('shared.receipt.tax'), amountMinor: receipt.taxMinor }],
    totalMinor: receipt.netMinor + receipt.taxMinor,
    tipMinor: receipt.tipMinor,
  });
  const split = rows.findIndex((row) => row.kind === 'total') + 1;
  const untilTotal = rows.slice(0, split);
  const afterTotal = rows.slice(split);
  const onlyRate = receipt.taxes.length === 1 ? receipt.taxes[0]! : null;
  const where = [
    ...(receipt.tableNumber !== null
      ? [t('shared.receipt.table', { number: String(receipt.tableNumber) })]
      : []),
    ...(receipt.orderNumbers.length > 0
      ? [
          t('shared.receipt.orders', {
            count: receipt.orderNumbers.length,
            list: receipt.orderNumbers.join(', '),
          }),
        ]
      : []),
  ];

  return (
    <article
      aria-label={`${title} ${receipt.number}`}
      className={cn('flex flex-col text-sm leading-snug break-words', className)}
      data-testid="receipt-view"
      data-kind={receipt.kind}
    >
      <header className="flex flex-col items-center gap-0.5 text-center">
        <p className="text-base font-bold">{seller.name}</p>
        {seller.legalName && seller.legalName !== seller.name ? (
          <p className="text-xs">{seller.legalName}</p>
        ) : null}
        {addressLines(seller.address).map((line) => (
          <p key={line} className="text-xs">
            {line}
          </p>
        ))}
        {seller.taxId ? (
          <p className="text-xs" data-testid="receipt-view-tax-id">
            {t('shared.receipt.taxId', { taxId: seller.taxId })}
          </p>
        ) : null}
        {seller.phone ? (
          <p className="text-xs">{t('shared.receipt.phone', { phone: seller.phone })}</p>
        ) : null}
        {seller.email ? <p className="text-xs">{seller.email}</p> : null}
      </header>
      <Rule />
      <div className="flex flex-col gap-0.5">
        <h2 className="text-center text-base font-bold tracking-wide uppercase">{title}</h2>
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 font-bold">
          <span data-testid="receipt-view-number">
            {t('shared.receipt.number', { number: receipt.number })}
          </span>
          <time dateTime={receipt.issuedAt} className="font-normal">
            {formatDateTime(receipt.issuedAt, timeZone)}
          </time>
        </p>
        {receipt.creditFor ? (
          <p className="font-bold">{t('shared.receipt.creditFor', { number: receipt.creditFor.number })}</p>
        ) : null}
        {where.length > 0 ? <p>{where.join(' · ')}</p> : null}
      </div>
      <Rule />
      <table className="w-full border-collapse">
        <caption className="sr-only">{t('shared.receipt.linesCaption')}</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t('shared.receipt.item')}</th>
            <th scope="col">{t('shared.receipt.amount')}</th>
            <th scope="col">{t('shared.receipt.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a receipt's lines are frozen.
            <tr key={index} className="align-top" data-testid="receipt-view-line">
              <td className="py-0.5 pr-2">
                <span className="tabular-nums">{line.quantity} ×</span> {line.name}
                {line.options.map((option) => (
                  <span key={option} className="block pl-3 text-xs">
                    {option}
                  </span>
                ))}
                {Math.abs(line.quantity) > 1 ? (
                  <span className="block pl-3 text-xs tabular-nums">
                    {t('shared.receipt.unitPrice', {
                      quantity: line.quantity,
                      price: money(line.unitPriceMinor),
                    })}
                  </span>
                ) : null}
              </td>
              {/* At its menu price with options; the discount on its own row below. */}
              <td className="py-0.5 text-right whitespace-nowrap tabular-nums">
                {money(line.totalMinor + line.discountMinor)}
              </td>
              <td className="w-12 py-0.5 pl-2 text-right text-xs whitespace-nowrap tabular-nums">
                {formatRate(line.rateBasisPoints)}
              </td>
            </tr>
          ))}
          {receipt.coverage === 'part' && receipt.lines.length === 0 ? (
            <tr className="align-top" data-testid="receipt-view-line">
              <td className="py-0.5 pr-2">{t('shared.receipt.partOfBill')}</td>
              <td
                className="py-0.5 text-right whitespace-nowrap tabular-nums"
                data-testid="receipt-view-share"
              >
                {money(receipt.shareMinor ?? 0)}
              </td>
              <td className="w-12 py-0.5 pl-2 text-right text-xs whitespace-nowrap tabular-nums">
                {onlyRate ? formatRate(onlyRate.rateBasisPoints) : ''}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Rule />
      {/* Subtotal, discounts, service charge, tax added, total: the rows every bill reads (issue 42). */}
      <BillSummary
        rows={untilTotal}
        currency={receipt.currency}
        labels={{ addedTax: t('shared.receipt.tax'), total: t('shared.receipt.total') }}
        testIds={{ total: 'receipt-view-total', serviceCharge: 'receipt-view-service' }}
        className="gap-0.5 [&>[data-kind=total]]:text-base [&>[data-kind=total]]:font-bold"
      />
      <table className="mt-2 w-full border-collapse text-xs tabular-nums" data-testid="receipt-view-taxes">
        <caption className="sr-only">{t('shared.receipt.taxesCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-left font-semibold">
              {t('shared.receipt.rate')}
            </th>
            <th scope="col" className="text-right font-semibold">
              {t('shared.receipt.net')}
            </th>
            <th scope="col" className="text-right font-semibold">
              {t('shared.receipt.tax')}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.taxes.map((part) => (
            <tr key={`${part.name}-${part.rateBasisPoints}`} data-testid="receipt-view-tax-row">
              <th scope="row" className="text-left font-normal">
                {formatRate(part.rateBasisPoints)}
              </th>
              <td className="text-right">{money(part.netMinor)}</td>
              <td className="text-right">{money(part.taxMinor)}</td>
            </tr>
          ))}
          {receipt.taxes.length > 1 ? (
            <tr className="font-semibold">
              <th scope="row" className="text-left">
                {t('shared.receipt.taxSum')}
              </th>
              <td className="text-right">{money(receipt.netMinor)}</td>
              <td className="text-right">{money(receipt.taxMinor)}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Rule />
      {afterTotal.length > 0 ? (
        <BillSummary
          rows={afterTotal}
          currency={receipt.currency}
          labels={{
            tip: t('shared.receipt.tip'),
            totalWithTip: credit ? t('shared.receipt.totalRefunded') : t('shared.receipt.totalPaid'),
          }}
          testIds={{ tip: 'receipt-view-tip', totalWithTip: 'receipt-view-paid' }}
          className="gap-0.5"
        />
      ) : null}
      <p className="mt-1">{t('shared.receipt.payment', { method: methodName(receipt.method) })}</p>
      <p className="text-xs">
        {receipt.pricesIncludeTax ? t('shared.receipt.pricesInclude') : t('shared.receipt.pricesExclude')}
      </p>
      <p className="mt-2 text-center font-bold">{t('shared.receipt.thanks')}</p>
    </article>
  );
}
