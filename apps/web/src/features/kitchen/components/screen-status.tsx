import { Spinner } from '../../../components/ui/spinner';
import { t } from '../../../lib/i18n/i18n';

// The station screen and the pass say the same while they load or wait for the live connection.

export function KitchenLoading() {
  return (
    <div role="status" className="flex items-center justify-center gap-2 p-12 text-lg text-slate-300">
      <Spinner className="size-5 text-teal-300" />
      <span>{t('kitchen.screen.loading')}</span>
    </div>
  );
}
