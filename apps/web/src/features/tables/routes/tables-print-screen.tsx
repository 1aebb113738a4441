import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ArrowLeftIcon, PrinterIcon, TableIcon } from '../../../components/ui/icons';
import { NoAccess } from '../../../components/ui/no-access';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { useTables } from '../api/get-tables';
import '../components/print-sheet.css';
import { CODES_PER_PAGE, chunkPages, QrPrintPage } from '../components/qr-print-page';

/**
 * Every active table's code on A4 pages, ready to print and cut. It opens outside the dashboard
 * shell, so nothing but the pages reaches the printer; the toolbar hides itself when printing.
 */
export function TablesPrintScreen() {
  const session = useCurrentSession();
  const allowed = useCan('tables.manage');
  if (!allowed) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center p-4">
        <title>{t('tables.print.pageTitle')}</title>
        <NoAccess
          permission="tables.manage"
          action={
            <Link to="/" className={buttonClassName('primary')}>
              {t('tables.print.toDashboard')}
            </Link>
          }
        />
      </main>
    );
  }
  return <PrintSheet restaurantName={session.restaurant.name} />;
}

function PrintSheet({ restaurantName }: { restaurantName: string }) {
  const tables = useTables();
  // What the tables screen said ("Table 4 was saved.") belongs there, not on the sheet.
  const { dismissAll } = useToast();
  useEffect(() => dismissAll(), [dismissAll]);
  const active = tables.data?.filter((table) => table.active) ?? [];
  const pages = chunkPages(active);

  let content: ReactNode;
  if (!tables.data) {
    content = tables.isError ? (
      <div className="w-full max-w-lg">
        <QueryError
          title={t('tables.loadFailed')}
          error={tables.error}
          retrying={tables.isFetching}
          onRetry={() => void tables.refetch()}
        />
      </div>
    ) : (
      <Loading />
    );
  } else if (active.length === 0) {
    content = (
      <div className="w-full max-w-lg">
        <EmptyState
          icon={<TableIcon />}
          title={t('tables.print.emptyTitle')}
          description={t('tables.print.emptyDescription')}
          action={
            <Link to="/dashboard/tables" className={buttonClassName('primary')}>
              {t('tables.print.toTables')}
            </Link>
          }
        />
      </div>
    );
  } else {
    content = pages.map((page, index) => (
      <QrPrintPage
        key={page[0]?.id ?? index}
        tables={page}
        restaurantName={restaurantName}
        pageNumber={index + 1}
        pageCount={pages.length}
      />
    ));
  }

  return (
    <div className="min-h-dvh bg-slate-200 print:bg-white">
      <title>{t('tables.print.pageTitle')}</title>
      <header className="sticky top-0 z-10 border-b border-line bg-panel print:hidden">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
          <Link to="/dashboard/tables" className={buttonClassName('ghost', '-ml-2')}>
            <ArrowLeftIcon />
            {t('tables.print.back')}
          </Link>
          <div className="flex min-w-0 flex-1 flex-col">
            <h1 className="text-lg font-semibold text-ink">{t('tables.print.title')}</h1>
            <p className="text-sm text-ink-muted">
              {tables.data
                ? t('tables.print.summary', {
                    tables: active.length,
                    pages: pages.length,
                    perPage: CODES_PER_PAGE,
                  })
                : t('tables.print.summaryLoading')}
            </p>
          </div>
          <Button onClick={() => window.print()} disabled={active.length === 0}>
            <PrinterIcon />
            {t('tables.print.print')}
          </Button>
        </div>
      </header>
      <main className="flex flex-col items-center gap-6 p-4 sm:p-8 print:block print:p-0">{content}</main>
    </div>
  );
}
