import type { ReactNode } from 'react';
import { ApprovalPinForm } from '../../../components/shared/approval-pin-form';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { useCurrentRestaurant } from '../api/get-restaurant';
import { BackupsSection } from '../components/backups-section';
import { ChangePasswordForm } from '../components/change-password-form';
import { DataExportSection } from '../components/data-export-section';
import { PayoutAccountLine } from '../components/payout-account-line';
import { PersonLanguageForm } from '../components/person-language-form';
import { RestaurantLanguagesEditor } from '../components/restaurant-languages-editor';
import { RestaurantProfileForm } from '../components/restaurant-profile-form';
import { RestaurantsSection } from '../components/restaurants-section';
import { SettingsSection } from '../components/settings-section';
import { SharedDeviceSection } from '../components/shared-device-section';
import { StationsSection } from '../components/stations-section';
import { TaxesSection } from '../components/taxes-section';

/**
 * The restaurant's profile, languages, taxes and kitchen stations (settings.manage), one's own language and password (everyone), and the
 * owner's restaurants. Everyone may open it; each section shows to whoever may use it.
 */
export function SettingsScreen() {
  const session = useCurrentSession();
  const canManage = useCan('settings.manage');
  const managesStaff = useCan('staff.manage');
  const owner = session.userType === 'owner';

  return (
    <>
      <PageHeader
        title={t('settings.screen.title')}
        description={canManage ? t('settings.screen.description') : t('settings.screen.descriptionStaff')}
      />
      <div className="flex flex-col gap-6">
        {canManage ? (
          <SettingsSection
            id="profile"
            title={t('settings.profile.title')}
            description={t('settings.profile.description', { name: session.restaurant.name })}
          >
            <PayoutAccountLine />
            <ProfileLoader />
          </SettingsSection>
        ) : null}
        {canManage ? (
          <SettingsSection
            id="languages"
            title={t('settings.languages.title')}
            description={t('settings.languages.description')}
          >
            <RestaurantLanguagesEditor />
          </SettingsSection>
        ) : null}
        {canManage ? (
          <SettingsSection
            id="taxes"
            title={t('settings.taxes.title')}
            description={t('settings.taxes.description')}
          >
            <TaxesSection />
          </SettingsSection>
        ) : null}
        {canManage ? (
          <SettingsSection
            id="stations"
            title={t('settings.stations.title')}
            description={t('settings.stations.description')}
          >
            <StationsSection />
          </SettingsSection>
        ) : null}
        {managesStaff ? (
          <SettingsSection
            id="shared-device"
            title={t('settings.device.title')}
            description={t('settings.device.description')}
          >
            <SharedDeviceSection />
          </SettingsSection>
        ) : null}
        <SettingsSection
          id="language"
          title={t('settings.language.title')}
          description={t('settings.language.description')}
        >
          <PersonLanguageForm />
        </SettingsSection>
        <SettingsSection
          id="password"
          title={t('settings.password.title')}
          description={t('settings.password.description', { email: session.email })}
        >
          <ChangePasswordForm />
        </SettingsSection>
        {session.staffId ? (
          <SettingsSection
            id="pin"
            title={t('settings.pin.title')}
            description={t('settings.pin.description')}
          >
            <ApprovalPinForm staffId={session.staffId} name={session.name} own hasPin={session.hasPin} />
          </SettingsSection>
        ) : null}
        {owner ? (
          <SettingsSection
            id="your-data"
            title={t('settings.data.title')}
            description={t('settings.data.description', { name: session.restaurant.name })}
          >
            <DataExportSection />
          </SettingsSection>
        ) : null}
        {owner ? (
          <SettingsSection
            id="backups"
            title={t('settings.backups.title')}
            description={t('settings.backups.description')}
          >
            <BackupsSection />
          </SettingsSection>
        ) : null}
        {owner ? (
          <SettingsSection
            id="restaurants"
            title={t('settings.restaurants.title')}
            description={t('settings.restaurants.description')}
          >
            <RestaurantsSection />
          </SettingsSection>
        ) : null}
      </div>
    </>
  );
}

function ProfileLoader() {
  const restaurant = useCurrentRestaurant();
  let content: ReactNode;
  if (restaurant.data) {
    // A fresh form when the saved profile comes back different (saved elsewhere meanwhile).
    content = <RestaurantProfileForm key={restaurant.data.id} restaurant={restaurant.data} />;
  } else if (restaurant.isError) {
    content = (
      <QueryError
        title={t('settings.profile.loadFailed')}
        error={restaurant.error}
        retrying={restaurant.isFetching}
        onRetry={() => void restaurant.refetch()}
      />
    );
  } else {
    content = <Loading />;
  }
  return content;
}
