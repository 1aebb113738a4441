import type { TServiceRequestKind } from '@tavolo/contract/table-service';
import { BellIcon, MessageIcon, ReceiptIcon } from '../../../components/ui/icons';

/** A bell for the waiter, the receipt for the bill, a speech bubble for a message (decorative). */
export function RequestKindIcon({
  kind,
  className = 'size-5',
}: {
  kind: TServiceRequestKind;
  className?: string;
}) {
  switch (kind) {
    case 'waiter':
      return <BellIcon className={className} />;
    case 'bill':
      return <ReceiptIcon className={className} />;
    case 'message':
      return <MessageIcon className={className} />;
  }
}
