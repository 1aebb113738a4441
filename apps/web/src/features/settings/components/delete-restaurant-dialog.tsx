import type { TRestaurant } from '@tavolo/contract/restaurants';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDeleteRestaurant } from '../api/delete-restaurant';

/** Deleting a restaurant takes all its data: the owner types its name to say they mean it. */
export function DeleteRestaurantDialog({
  restaurant,
  onClose,
}: {
  restaurant: TRestaurant | null;
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const deletion = useDeleteRestaurant();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const matches = restaurant !== null && typed.trim() === restaurant.name.trim();

  useEffect(() => {
    if (!restaurant) return;
    setTyped('');
    setError(null);
  }, [restaurant]);

  const close = () => {
    if (!deletion.isPending) onClose();
  };

  return (
    <ModalDialog
      open={restaurant !== null}
      onClose={close}
      title={`Delete ${restaurant?.name ?? 'this restaurant'}?`}
      initialFocus={input}
      testId="delete-restaurant-dialog"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            disabled={!matches}
            pending={deletion.isPending}
            pendingLabel="Deleting…"
          >
            Delete restaurant
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!restaurant || !matches) return;
          deletion.mutate(restaurant.id, {
            onSuccess: () => {
              toast.success(`${restaurant.name} was deleted.`);
              onClose();
            },
            onError: (caught) => setError(getErrorMessage(caught)),
          });
        }}
      >
        <p className="text-sm text-ink">
          Its menu, tables, staff, orders and payments are deleted for good. This cannot be undone.
        </p>
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          ref={input}
          label={`Type ${restaurant?.name ?? 'its name'} to confirm`}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
    </ModalDialog>
  );
}
