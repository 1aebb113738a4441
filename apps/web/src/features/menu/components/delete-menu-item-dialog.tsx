import type { TMenuItem } from '@tavolo/contract/menu';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDeleteMenuItem } from '../api/delete-menu-item';

/** Asks before deleting a dish, deletes it and says how that went. */
export function DeleteMenuItemDialog({ item, onClose }: { item: TMenuItem | null; onClose: () => void }) {
  const toast = useToast();
  const deletion = useDeleteMenuItem();

  const confirm = () => {
    if (!item) return;
    const { id, name } = item;
    deletion.mutate(id, {
      onSuccess: () => toast.success(`${name} was deleted.`),
      onError: (error) => toast.error(`Could not delete ${name}: ${getErrorMessage(error)}`),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog
      open={item !== null}
      title={`Delete ${item?.name ?? 'this dish'}?`}
      description="It disappears from the menu and from today's menu. Past orders keep their copy of it."
      confirmLabel="Delete dish"
      pendingLabel="Deleting…"
      pending={deletion.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
