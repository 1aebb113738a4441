import type { TStaffMember } from '@tavolo/contract/staff';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteStaffMember } from '../api/delete-staff-member';
import { useUpdateStaffMember } from '../api/update-staff-member';

/** Asks before activating or deactivating someone; deactivating signs them out at once. */
export function ToggleStaffActiveDialog({
  member,
  onClose,
}: {
  member: TStaffMember | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const update = useUpdateStaffMember();
  const deactivating = member?.active ?? false;

  const confirm = () => {
    if (!member) return;
    update.mutate(
      { id: member.id, body: { active: !member.active } },
      {
        onSuccess: (saved) => {
          toast.success(
            saved.active
              ? t('staff.toggle.activated', { name: saved.name })
              : t('staff.toggle.deactivated', { name: saved.name }),
          );
          onClose();
        },
        onError: (error) => {
          toast.error(t('staff.toggle.failed', { name: member.name, error: getErrorMessage(error) }));
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={member !== null}
      title={
        deactivating
          ? t('staff.toggle.deactivateTitle', { name: member?.name })
          : t('staff.toggle.activateTitle', { name: member?.name })
      }
      description={
        deactivating ? t('staff.toggle.deactivateDescription') : t('staff.toggle.activateDescription')
      }
      confirmLabel={deactivating ? t('staff.action.deactivate') : t('staff.action.activate')}
      pendingLabel={deactivating ? t('staff.toggle.deactivating') : t('staff.toggle.activating')}
      cancelLabel={t('staff.action.cancel')}
      tone={deactivating ? 'danger' : 'primary'}
      pending={update.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}

/** Asks before deleting someone for good. */
export function DeleteStaffMemberDialog({
  member,
  onClose,
}: {
  member: TStaffMember | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const deletion = useDeleteStaffMember();

  const confirm = () => {
    if (!member) return;
    deletion.mutate(member.id, {
      onSuccess: () => {
        toast.success(t('staff.member.deleted', { name: member.name }));
        onClose();
      },
      onError: (error) => {
        toast.error(t('staff.member.deleteFailed', { name: member.name, error: getErrorMessage(error) }));
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      open={member !== null}
      title={t('staff.member.deleteTitle', { name: member?.name })}
      description={t('staff.member.deleteDescription')}
      confirmLabel={t('staff.action.delete')}
      pendingLabel={t('staff.action.deleting')}
      cancelLabel={t('staff.action.cancel')}
      pending={deletion.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
