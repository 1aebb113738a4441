import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { useCurrentRestaurant } from '../api/get-restaurant';
import { ChangePasswordForm } from '../components/change-password-form';
import { PayoutAccountLine } from '../components/payout-account-line';
import { RestaurantProfileForm } from '../components/restaurant-profile-form';
import { RestaurantsSection } from '../components/restaurants-section';
import { SettingsSection } from '../components/settings-section';

/**
 * The restaurant's profile (settings.manage), one's own password (everyone), and the owner's
 * restaurants. Everyone may open it; each section shows to whoever may use it.
 */
export function SettingsScreen() {
  const session = useCurrentSession();
  const canManage = useCan('settings.manage');
  const owner = session.userType === 'owner';

  return (
    <>
      <PageHeader
        title="Settings"
        description={
          canManage ? 'Your restaurant profile and your account.' : 'Your account: change your password here.'
        }
      />
      <div className="flex flex-col gap-6">
        {canManage ? (
          <SettingsSection
            id="profile"
            title="Restaurant profile"
            description={`What guests see of ${session.restaurant.name}, and how it counts money and time.`}
          >
            <PayoutAccountLine />
            <ProfileLoader />
          </SettingsSection>
        ) : null}
        <SettingsSection
          id="password"
          title="Your password"
          description={`Signed in as ${session.email}. Changing it signs you out on every other device.`}
        >
          <ChangePasswordForm />
        </SettingsSection>
        {owner ? (
          <SettingsSection
            id="restaurants"
            title="Restaurants"
            description="Every restaurant you own. Each has its own menu, tables, staff and orders."
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
        title="Could not load the profile"
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
