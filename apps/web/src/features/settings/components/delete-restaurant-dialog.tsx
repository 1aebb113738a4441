import type { TRestaurant } from '@tavolo/contract/restaurants';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
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
      title={
        restaurant
          ? t('settings.deleteRestaurant.title', { name: restaurant.name })
          : t('settings.deleteRestaurant.titleUnnamed')
      }
      initialFocus={input}
      testId="delete-restaurant-dialog"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={deletion.isPending}>
            {t('settings.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            disabled={!matches}
            pending={deletion.isPending}
            pendingLabel={t('settings.deleteRestaurant.deleting')}
          >
            {t('settings.deleteRestaurant.submit')}
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
              toast.success(t('settings.deleteRestaurant.deleted', { name: restaurant.name }));
              onClose();
            },
            onError: (caught) => setError(getErrorMessage(caught)),
          });
        }}
      >
        <p className="text-sm text-ink">{t('settings.deleteRestaurant.warning')}</p>
        {error ? <Alert>{error}</Alert> : null}
        <TextField
          ref={input}
          label={
            restaurant
              ? t('settings.deleteRestaurant.typeName', { name: restaurant.name })
              : t('settings.deleteRestaurant.typeNameUnnamed')
          }
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
    </ModalDialog>
  );
}
