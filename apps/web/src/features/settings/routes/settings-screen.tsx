import { EmptyState } from '../../../components/ui/empty-state';
import { SettingsIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function SettingsScreen() {
  return (
    <>
      <PageHeader title="Settings" description="Your restaurant profile and your account." />
      <EmptyState
        icon={<SettingsIcon />}
        title="Settings arrive soon"
        description="Edit the restaurant profile, logo, currency, time zone and service charge, and change your password."
      />
    </>
  );
}
