import type { TSettlementAccount } from '@tavolo/contract/wallet';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
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
        toast.success(`${label} was removed.`);
        onClose();
      },
      onError: (error) => {
        toast.error(`${label} was not removed: ${getErrorMessage(error)}`);
        onClose();
      },
    });
  };

  return (
    <ConfirmDialog
      open={account !== null}
      title={`Remove ${label}?`}
      description={
        <>
          <p>
            Payouts can no longer go to it. If it has already received payouts, it is archived instead of
            deleted: it leaves this list, and the wallet's history still names it.
          </p>
          {account?.isDefault ? (
            <p className="mt-2">It is the default account: the newest remaining one takes its place.</p>
          ) : null}
        </>
      }
      confirmLabel="Remove"
      pendingLabel="Removing…"
      pending={deletion.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
