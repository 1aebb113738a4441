import { buttonClassName } from '../../../components/ui/button';
import { DownloadIcon } from '../../../components/ui/icons';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { exportRestaurantUrl } from '../api/export-restaurant';

/** The owner's download of everything the restaurant holds, as a zip (PRODUCT.md §14). */
export function DataExportSection() {
  const session = useCurrentSession();
  return (
    <>
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink-muted">
        <li>{t('settings.data.holdsMenu')}</li>
        <li>{t('settings.data.holdsOrders')}</li>
        <li>{t('settings.data.holdsPeople')}</li>
      </ul>
      <p className="text-sm text-ink-muted">{t('settings.data.noSecrets')}</p>
      <div>
        <a
          href={exportRestaurantUrl(session.restaurantId)}
          download
          className={buttonClassName('secondary')}
          data-testid="export-data"
        >
          <DownloadIcon />
          {t('settings.data.download')}
        </a>
      </div>
      <p className="text-xs text-ink-muted">{t('settings.data.takesAWhile')}</p>
    </>
  );
}
