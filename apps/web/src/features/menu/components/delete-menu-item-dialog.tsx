import type { TMenuItem } from '@tavolo/contract/menu';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteMenuItem } from '../api/delete-menu-item';

/** Asks before deleting a dish, deletes it and says how that went. */
export function DeleteMenuItemDialog({ item, onClose }: { item: TMenuItem | null; onClose: () => void }) {
  const toast = useToast();
  const deletion = useDeleteMenuItem();

  const confirm = () => {
    if (!item) return;
    const { id, name } = item;
    deletion.mutate(id, {
      onSuccess: () => toast.success(t('menu.delete.done', { name })),
      onError: (error) => toast.error(t('menu.delete.failed', { name, error: getErrorMessage(error) })),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog
      open={item !== null}
      title={item ? t('menu.delete.title', { name: item.name }) : t('menu.delete.titleUnnamed')}
      description={t('menu.delete.description')}
      confirmLabel={t('menu.delete.confirm')}
      pendingLabel={t('menu.delete.pending')}
      pending={deletion.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
