import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { UsersIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

export function StaffScreen() {
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who works here, and what each role may do."
        actions={
          <Link to="/dashboard/staff/new-staff" className={buttonClassName('primary')}>
            Add a staff member
          </Link>
        }
      />
      <EmptyState
        icon={<UsersIcon />}
        title="Staff management arrives soon"
        description="Invite your team, give each person a role, and deactivate accounts when someone leaves."
      />
    </>
  );
}
