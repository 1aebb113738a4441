import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { ReceiptIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { ServiceButton, ServiceRequestStatus } from './service-button';

/** Under the guest's header: call staff, and the table's bill. */
export function TableServiceBar({ qrToken, spaced = false }: { qrToken: string; spaced?: boolean }) {
  return (
    <div className="border-b border-line bg-panel">
      <div className={cn('mx-auto flex max-w-2xl flex-wrap items-center gap-2 px-4 pb-3', spaced && 'pt-3')}>
        <ServiceButton qrToken={qrToken} />
        <Link
          to={`/t/${encodeURIComponent(qrToken)}/bill`}
          className={buttonClassName('secondary', 'min-h-11 rounded-full')}
          data-testid="view-bill"
        >
          <ReceiptIcon className="size-5" />
          View the table's bill
        </Link>
        <ServiceRequestStatus qrToken={qrToken} className="w-full" />
      </div>
    </div>
  );
}
