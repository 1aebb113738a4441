import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { ReceiptIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
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
          {t('guest.menu.viewBill')}
        </Link>
        <ServiceRequestStatus qrToken={qrToken} className="w-full" />
      </div>
    </div>
  );
}
