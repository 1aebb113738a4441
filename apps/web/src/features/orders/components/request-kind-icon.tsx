import type { TServiceRequestKind } from '@tavolo/contract/table-service';
import type { ReactNode } from 'react';
import { ReceiptIcon } from '../../../components/ui/icons';

/** Decorative (the kind's name stands beside it), drawn like the shared line icons. */
function LineIcon({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** A bell for the waiter, the receipt for the bill, a speech bubble for a message. */
export function RequestKindIcon({
  kind,
  className = 'size-5',
}: {
  kind: TServiceRequestKind;
  className?: string;
}) {
  switch (kind) {
    case 'waiter':
      return (
        <LineIcon className={className}>
          <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
          <path d="M10 20.5a2 2 0 0 0 4 0M12 3v2" />
        </LineIcon>
      );
    case 'bill':
      return <ReceiptIcon className={className} />;
    case 'message':
      return (
        <LineIcon className={className}>
          <path d="M4 5h16v11H9l-5 4z" />
          <path d="M8 9.5h8M8 12.5h5" />
        </LineIcon>
      );
  }
}
