import { TableIcon } from '../../../components/ui/icons';
import { t } from '../../../lib/i18n/i18n';
import { GuestNotice } from './guest-notice';

/** The code is unknown, was replaced by a new one, or its table is closed. */
export function DeadCodeNotice() {
  return (
    <GuestNotice title={t('guest.deadCode.title')} icon={<TableIcon className="size-8" />}>
      <p>{t('guest.deadCode.explanation')}</p>
      <p className="font-medium text-ink">{t('guest.deadCode.askStaff')}</p>
    </GuestNotice>
  );
}
