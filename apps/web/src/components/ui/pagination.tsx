import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n/i18n';
import { buttonClassName } from './button';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** Previous / next through a paginated list, with where we are ("Page 2 of 5"). */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = t('ui.pagination.label'),
  className,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-2', className)}>
      <button
        type="button"
        className={buttonClassName('secondary')}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label={t('ui.pagination.previousPage')}
      >
        <ChevronLeftIcon />
        {t('ui.pagination.previous')}
      </button>
      <p className="text-sm text-ink-muted tabular-nums">{t('ui.pagination.pageOf', { page, pageCount })}</p>
      <button
        type="button"
        className={buttonClassName('secondary')}
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
        aria-label={t('ui.pagination.nextPage')}
      >
        {t('ui.pagination.next')}
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
