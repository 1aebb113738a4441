import {
  DEVICE_LOCK_MINUTES_DEFAULT,
  DEVICE_LOCK_MINUTES_MAX,
  DEVICE_LOCK_MINUTES_MIN,
} from '@tavolo/contract/values/devices';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Loading } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useCurrentDevice } from '../../../lib/current-device';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { useForgetDevice, useMarkDevice } from '../api/shared-device';

/**
 * Marking this browser as the restaurant's shared device (PRODUCT.md §9), once, by an owner or a
 * manager: staff then sign in on it by name and PIN, and it locks after its idle minutes.
 */
export function SharedDeviceSection() {
  const session = useCurrentSession();
  const device = useCurrentDevice();
  if (device.isPending) return <Loading />;
  const ours = device.data && device.data.restaurant.id === session.restaurantId ? device.data : null;
  if (ours) return <MarkedDevice name={ours.name} lockMinutes={ours.lockMinutes} />;
  return <MarkDeviceForm otherRestaurant={device.data?.restaurant.name ?? null} />;
}

function MarkedDevice({ name, lockMinutes }: { name: string; lockMinutes: number }) {
  const forget = useForgetDevice();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <Alert tone="success">{t('settings.device.marked', { name, minutes: lockMinutes })}</Alert>
      <div>
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('settings.device.forget')}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title={t('settings.device.forgetTitle')}
        description={t('settings.device.forgetDescription')}
        confirmLabel={t('settings.device.forget')}
        pending={forget.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          forget.mutate(undefined, {
            onSuccess: () => {
              setAsking(false);
              toast.success(t('settings.device.forgotten'));
            },
            onError: (error) => toast.error(getErrorMessage(error)),
          })
        }
      />
    </div>
  );
}

function MarkDeviceForm({ otherRestaurant }: { otherRestaurant: string | null }) {
  const mark = useMarkDevice();
  const toast = useToast();
  const [name, setName] = useState('');
  const [minutes, setMinutes] = useState(String(DEVICE_LOCK_MINUTES_DEFAULT));
  const [error, setError] = useState<string | null>(null);
  const lockMinutes = Number(minutes);
  const minutesOk =
    Number.isInteger(lockMinutes) &&
    lockMinutes >= DEVICE_LOCK_MINUTES_MIN &&
    lockMinutes <= DEVICE_LOCK_MINUTES_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!minutesOk) return;
    setError(null);
    mark.mutate(
      { name: name.trim() || t('settings.device.defaultName'), lockMinutes },
      {
        onSuccess: () => toast.success(t('settings.device.done')),
        onError: (failure) => setError(getErrorMessage(failure)),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('settings.device.formLabel')}
      className="flex max-w-md flex-col gap-4"
    >
      {otherRestaurant ? (
        <Alert tone="info">{t('settings.device.otherRestaurant', { name: otherRestaurant })}</Alert>
      ) : null}
      {error ? <Alert>{error}</Alert> : null}
      <ul className="list-disc space-y-1 pl-5 text-sm text-ink-muted">
        <li>{t('settings.device.howNames')}</li>
        <li>{t('settings.device.howLock')}</li>
      </ul>
      <TextField
        label={t('settings.device.name')}
        hint={t('settings.device.nameHint')}
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label={t('settings.device.lockMinutes')}
        type="number"
        inputMode="numeric"
        min={DEVICE_LOCK_MINUTES_MIN}
        max={DEVICE_LOCK_MINUTES_MAX}
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
        error={
          minutesOk
            ? undefined
            : t('settings.device.lockMinutesRange', {
                min: DEVICE_LOCK_MINUTES_MIN,
                max: DEVICE_LOCK_MINUTES_MAX,
              })
        }
      />
      <div>
        <Button
          type="submit"
          pending={mark.isPending}
          pendingLabel={t('settings.device.marking')}
          disabled={!minutesOk}
        >
          {t('settings.device.submit')}
        </Button>
      </div>
    </form>
  );
}
