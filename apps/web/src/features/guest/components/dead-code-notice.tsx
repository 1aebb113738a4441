import { TableIcon } from '../../../components/ui/icons';
import { GuestNotice } from './guest-notice';

/** The code is unknown, was replaced by a new one, or its table is closed. */
export function DeadCodeNotice() {
  return (
    <GuestNotice title="This code doesn't work any more" icon={<TableIcon className="size-8" />}>
      <p>The code on your table may have been replaced, or the table is closed for now.</p>
      <p className="font-medium text-ink">
        Ask the staff: they will take your order or give you the new code.
      </p>
    </GuestNotice>
  );
}
