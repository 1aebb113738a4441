import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { UsersIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { isHttpError } from '../../../lib/api-client';
import { useCan } from '../../../lib/current-session';
import { useRoles } from '../api/get-roles';
import { useStaffMember } from '../api/get-staff-member';
import { StaffForm } from '../components/staff-form';

const backLink = (
  <Link to="/dashboard/staff" className={buttonClassName('secondary')}>
    Back to staff
  </Link>
);

/** One screen for /dashboard/staff/new-staff and /dashboard/staff/update/:id. */
export function StaffFormScreen() {
  const { id } = useParams();
  const editing = id !== undefined;
  const roles = useRoles();
  const member = useStaffMember(id);
  const canEditRoles = useCan('roles.manage');

  const header = (
    <PageHeader
      title={editing ? 'Edit staff member' : 'Add a staff member'}
      description={
        editing
          ? member.data
            ? `Change ${member.data.name}'s details, role or access.`
            : 'Change their details, role or access.'
          : 'Give someone on your team their own sign-in and a role.'
      }
      actions={backLink}
    />
  );

  if (editing && isHttpError(member.error, 404)) {
    return (
      <>
        {header}
        <EmptyState
          icon={<UsersIcon />}
          title="This staff member does not exist"
          description="They may have been deleted. Go back to the staff list to see who is there."
          action={
            <Link to="/dashboard/staff" className={buttonClassName('primary')}>
              Back to staff
            </Link>
          }
        />
      </>
    );
  }

  const failed = roles.isError ? roles : editing && member.isError ? member : null;
  let content: ReactNode;
  if (failed) {
    content = (
      <QueryError
        title={roles.isError ? 'Could not load the roles' : 'Could not load this staff member'}
        error={failed.error}
        retrying={failed.isFetching}
        onRetry={() => void failed.refetch()}
      />
    );
  } else if (!roles.data || (editing && member.isPending)) {
    content = <Loading />;
  } else if (roles.data.length === 0) {
    content = (
      <EmptyState
        icon={<UsersIcon />}
        title="Add a role first"
        description="Every staff member has a role that says what they may do. There is none yet."
        action={
          canEditRoles ? (
            <Link to="/dashboard/staff/roles" className={buttonClassName('primary')}>
              Go to roles
            </Link>
          ) : null
        }
      />
    );
  } else {
    content = (
      // A fresh form per member: moving from one to another must not keep the old values.
      <StaffForm key={member.data?.id ?? 'new'} member={member.data} roles={roles.data} />
    );
  }

  return (
    <>
      {header}
      {content}
    </>
  );
}
