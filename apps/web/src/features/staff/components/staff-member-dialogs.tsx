import type { TStaffMember } from '@tavolo/contract/staff';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
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
              ? `${saved.name} can sign in again.`
              : `${saved.name} was deactivated and signed out everywhere.`,
          );
          onClose();
        },
        onError: (error) => {
          toast.error(`${member.name} was not changed: ${getErrorMessage(error)}`);
          onClose();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      open={member !== null}
      title={deactivating ? `Deactivate ${member?.name}?` : `Activate ${member?.name}?`}
      description={
        deactivating
          ? 'They are signed out at once, everywhere (an open order board stops too), and cannot sign in until you activate them again.'
          : 'They can sign in again with their password, with the permissions of their role.'
      }
      confirmLabel={deactivating ? 'Deactivate' : 'Activate'}
      pendingLabel={deactivating ? 'Deactivating…' : 'Activating…'}
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
        toast.success(`${member.name} was deleted.`);
        onClose();
      },
      onError: (error) => {
        toast.error(`${member.name} was not deleted: ${getErrorMessage(error)}`);
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      open={member !== null}
      title={`Delete ${member?.name}?`}
      description="Their account goes and they are signed out at once. Orders they handled keep their history. To keep the account for later, deactivate it instead."
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      pending={deletion.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
