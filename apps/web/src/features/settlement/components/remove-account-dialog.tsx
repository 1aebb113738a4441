import type { TSettlementAccount } from '@tavolo/contract/wallet';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { useDeleteSettlementAccount } from '../api/delete-settlement-account';
import { accountLabel } from '../model/payout-amount';

/** Asks before removing an account; one that received payouts is archived for the ledger. */
export function RemoveAccountDialog({
  account,
  onClose,
}: {
  account: TSettlementAccount | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const deletion = useDeleteSettlementAccount();
  const label = account ? accountLabel(account) : '';

  const confirm = () => {
    if (!account) return;
    deletion.mutate(account.id, {
      onSuccess: () => {
        toast.success(t('settlement.removeAccount.removed', { account: label }));
        onClose();
      },
      onError: (error) => {
        toast.error(t('settlement.removeAccount.failed', { account: label, error: getErrorMessage(error) }));
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      open={account !== null}
      title={t('settlement.removeAccount.title', { account: label })}
      description={
        <>
          <p>{t('settlement.removeAccount.explanation')}</p>
          {account?.isDefault ? (
            <p className="mt-2">{t('settlement.removeAccount.defaultExplanation')}</p>
          ) : null}
        </>
      }
      confirmLabel={t('settlement.removeAccount.confirm')}
      pendingLabel={t('settlement.removeAccount.removing')}
      pending={deletion.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
