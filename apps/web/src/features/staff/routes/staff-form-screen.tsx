import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { UsersIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';

/** One screen for /dashboard/staff/new-staff and /dashboard/staff/update/:id. */
export function StaffFormScreen() {
  const { id } = useParams();
  const editing = id !== undefined;
  return (
    <>
      <PageHeader
        title={editing ? 'Edit staff member' : 'Add a staff member'}
        description={
          editing ? 'Change their details, role or access.' : 'Give someone on your team a sign-in.'
        }
        actions={
          <Link to="/dashboard/staff" className={buttonClassName('secondary')}>
            Back to staff
          </Link>
        }
      />
      <EmptyState
        icon={<UsersIcon />}
        title="The staff editor arrives soon"
        description="Name, e-mail, phone, role and whether the account is active — all on this one screen."
      />
    </>
  );
}
