import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApprovalPinForm } from '../../../components/shared/approval-pin-form';
import { buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { UsersIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { isHttpError } from '../../../lib/api-client';
import { useCan, useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { useRoles } from '../api/get-roles';
import { useStaffMember } from '../api/get-staff-member';
import { StaffForm } from '../components/staff-form';

function BackLink() {
  return (
    <Link to="/dashboard/staff" className={buttonClassName('secondary')}>
      {t('staff.formScreen.back')}
    </Link>
  );
}

/** One screen for /dashboard/staff/new-staff and /dashboard/staff/update/:id. */
export function StaffFormScreen() {
  const { id } = useParams();
  const editing = id !== undefined;
  const roles = useRoles();
  const member = useStaffMember(id);
  const canEditRoles = useCan('roles.manage');
  const session = useCurrentSession();

  const header = (
    <PageHeader
      title={editing ? t('staff.formScreen.editTitle') : t('staff.formScreen.addTitle')}
      description={
        editing
          ? member.data
            ? t('staff.formScreen.editDescription', { name: member.data.name })
            : t('staff.formScreen.editDescriptionUnnamed')
          : t('staff.formScreen.addDescription')
      }
      actions={<BackLink />}
    />
  );

  if (editing && isHttpError(member.error, 404)) {
    return (
      <>
        {header}
        <EmptyState
          icon={<UsersIcon />}
          title={t('staff.formScreen.notFoundTitle')}
          description={t('staff.formScreen.notFoundDescription')}
          action={
            <Link to="/dashboard/staff" className={buttonClassName('primary')}>
              {t('staff.formScreen.back')}
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
        title={roles.isError ? t('staff.roles.loadFailed') : t('staff.formScreen.loadFailed')}
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
        title={t('staff.formScreen.noRolesTitle')}
        description={t('staff.formScreen.noRolesDescription')}
        action={
          canEditRoles ? (
            <Link to="/dashboard/staff/roles" className={buttonClassName('primary')}>
              {t('staff.formScreen.goToRoles')}
            </Link>
          ) : null
        }
      />
    );
  } else {
    content = (
      <div className="flex flex-col gap-6">
        {/* A fresh form per member: moving from one to another must not keep the old values. */}
        <StaffForm key={member.data?.id ?? 'new'} member={member.data} roles={roles.data} />
        {member.data ? (
          <Card>
            <section aria-labelledby="staff-pin-heading" className="flex flex-col gap-4">
              <div className="flex flex-col gap-1">
                <h2 id="staff-pin-heading" className="text-base font-semibold text-ink">
                  {t('staff.pin.title')}
                </h2>
                <p className="text-sm text-ink-muted">
                  {t('staff.pin.description', { name: member.data.name })}
                </p>
              </div>
              <ApprovalPinForm
                key={member.data.id}
                staffId={member.data.id}
                name={member.data.name}
                own={member.data.id === session.staffId}
                hasPin={member.data.hasPin}
              />
            </section>
          </Card>
        ) : null}
      </div>
    );
  }

  return (
    <>
      {header}
      {content}
    </>
  );
}
