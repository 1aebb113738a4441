import type { TTable } from '@tavolo/contract/tables';
import { t } from '../../../lib/i18n/i18n';
import { tableQrUrl } from '../model/table-qr';

/** Six codes fill an A4 page (2 × 3) and stay large enough to scan from across a table. */
export const CODES_PER_PAGE = 6;

export function chunkPages<T>(items: readonly T[], size = CODES_PER_PAGE): T[][] {
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
  return pages;
}

/*
 * One A4 page. It is a size container and everything inside is measured in cqw (1% of the page's
 * width), so the preview on a phone is the printed page scaled down, and the printed page is 210 mm.
 */
export function QrPrintPage({
  tables,
  restaurantName,
  pageNumber,
  pageCount,
}: {
  tables: readonly TTable[];
  restaurantName: string;
  pageNumber: number;
  pageCount: number;
}) {
  return (
    <section
      aria-label={t('tables.print.pageOf', { page: pageNumber, pageCount })}
      className="@container aspect-[210/297] w-full max-w-[210mm] overflow-hidden bg-white shadow-lg print:h-[296mm] print:w-[210mm] print:max-w-none print:break-after-page print:shadow-none print:last:break-after-auto"
      data-testid="print-page"
    >
      <ul className="grid size-full grid-cols-2 grid-rows-3 gap-[2.5cqw] p-[4cqw]">
        {tables.map((table) => (
          <li
            key={table.id}
            className="flex min-h-0 break-inside-avoid flex-col items-center justify-center gap-[0.9cqw] overflow-hidden rounded-[2cqw] border-[0.3cqw] border-dashed border-slate-300 p-[1.5cqw] text-center text-slate-900"
            data-testid="print-card"
          >
            <p className="max-w-full shrink-0 truncate text-[2.4cqw] leading-normal font-semibold tracking-wide text-accent-800 uppercase">
              {restaurantName}
            </p>
            <h2 className="shrink-0 text-[5cqw] leading-tight font-bold">
              {t('tables.card.title', { number: table.number })}
            </h2>
            {table.label ? (
              <p className="max-w-full shrink-0 truncate text-[2.4cqw] leading-normal font-medium text-slate-600">
                {table.label}
              </p>
            ) : null}
            <img
              src={tableQrUrl(table, 'svg')}
              alt={t('tables.card.qrAlt', { number: table.number })}
              className="size-[18cqw] shrink-0"
              data-testid="print-qr"
            />
            <p className="shrink-0 text-[2.4cqw] leading-snug font-semibold text-balance">
              {t('tables.print.scanToOrder')}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
