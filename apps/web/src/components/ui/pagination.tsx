import { cn } from '../../lib/cn';
import { buttonClassName } from './button';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

/** Previous / next through a paginated list, with where we are ("Page 2 of 5"). */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pages',
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
      >
        <ChevronLeftIcon />
        Previous<span className="sr-only"> page</span>
      </button>
      <p className="text-sm text-ink-muted tabular-nums">
        Page {page} of {pageCount}
      </p>
      <button
        type="button"
        className={buttonClassName('secondary')}
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        Next<span className="sr-only"> page</span>
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
