import { type ReactNode, useId } from 'react';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { t } from '../../../lib/i18n/i18n';
import { useCurrentRestaurant } from '../api/get-restaurant';
import { LegalDetailsForm } from './legal-details-form';
import { TaxRatesList } from './tax-rates-list';

/** Settings → Taxes and legal details: the legal block and tax mode, then the tax rates. */
export function TaxesSection() {
  const restaurant = useCurrentRestaurant();
  const ratesHeading = useId();
  let details: ReactNode;
  if (restaurant.data) {
    details = <LegalDetailsForm key={restaurant.data.id} restaurant={restaurant.data} />;
  } else if (restaurant.isError) {
    details = (
      <QueryError
        title={t('settings.profile.loadFailed')}
        error={restaurant.error}
        retrying={restaurant.isFetching}
        onRetry={() => void restaurant.refetch()}
      />
    );
  } else {
    details = <Loading />;
  }
  return (
    <>
      {details}
      <div className="flex flex-col gap-1 border-t border-line pt-4">
        <h3 id={ratesHeading} className="text-base font-semibold text-ink">
          {t('settings.taxes.ratesTitle')}
        </h3>
        <p className="text-sm text-ink-muted">{t('settings.taxes.ratesDescription')}</p>
      </div>
      <TaxRatesList headingId={ratesHeading} />
    </>
  );
}
