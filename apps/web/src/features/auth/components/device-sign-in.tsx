import type { TDevice } from '@tavolo/contract/devices';
import { DEVICE_PIN_WINDOW_SECONDS } from '@tavolo/contract/values/devices';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';
import { landingPath } from '../../../lib/landing';
import { useDeviceStaff } from '../api/device-staff';
import { useSwitchUser } from '../api/switch-user';
import { AuthLayout, authLinkClassName } from './auth-layout';
import { PinPad } from './pin-pad';

type Member = { id: string; name: string; roleName: string };

/**
 * The sign-in screen of a shared device (PRODUCT.md §9): the staff's names as large targets, then
 * a PIN pad for the one tapped. Each lands on their role's screen. `onUsePassword` leaves for the
 * e-mail form (an owner, someone without a PIN).
 */
export function DeviceSignIn({
  device,
  locked,
  onUsePassword,
}: {
  device: TDevice;
  locked: boolean;
  onUsePassword: () => void;
}) {
  const staff = useDeviceStaff(true);
  const [member, setMember] = useState<Member | null>(null);
  const title = member ? t('auth.device.pinTitle', { name: member.name }) : t('auth.device.title');
  const description = member
    ? t('auth.device.pinDescription')
    : locked
      ? t('auth.device.lockedDescription', { device: device.name })
      : t('auth.device.description', { device: device.name, restaurant: device.restaurant.name });

  return (
    <AuthLayout
      wide={!member}
      title={title}
      description={description}
      footer={
        <button type="button" className={`${authLinkClassName} py-3`} onClick={onUsePassword}>
          {t('auth.device.usePassword')}
        </button>
      }
    >
      {member ? (
        <PinStep member={member} onBack={() => setMember(null)} onGone={() => void staff.refetch()} />
      ) : staff.data ? (
        <NamePicker members={staff.data.items} onPick={setMember} />
      ) : staff.isError ? (
        <QueryError error={staff.error} retrying={staff.isFetching} onRetry={() => void staff.refetch()} />
      ) : (
        <Loading />
      )}
    </AuthLayout>
  );
}

function NamePicker({ members, onPick }: { members: Member[]; onPick: (member: Member) => void }) {
  if (members.length === 0) return <Alert tone="info">{t('auth.device.nobody')}</Alert>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('auth.device.names')}>
      {members.map((member) => (
        <li key={member.id}>
          <button
            type="button"
            onClick={() => onPick(member)}
            className="flex min-h-24 w-full flex-col items-center justify-center gap-1 rounded-2xl border border-line bg-panel px-3 py-4 text-center shadow-sm hover:border-accent-600 hover:bg-accent-50 active:bg-accent-100"
          >
            <span className="text-lg font-semibold text-ink">{member.name}</span>
            <span className="text-sm text-ink-muted">{member.roleName}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function PinStep({ member, onBack, onGone }: { member: Member; onBack: () => void; onGone: () => void }) {
  const navigate = useNavigate();
  const switchUser = useSwitchUser();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);

  const submit = async () => {
    setError(null);
    try {
      const me = await switchUser.mutateAsync({ staffId: member.id, pin });
      await navigate(landingPath(me), { replace: true });
    } catch (failure) {
      setPin('');
      if (isHttpError(failure, 401)) setError(t('auth.device.wrongPin'));
      else if (isHttpError(failure, 429)) {
        setBlocked(true);
        setError(t('auth.device.tooMany', { name: member.name, minutes: DEVICE_PIN_WINDOW_SECONDS / 60 }));
      } else if (isHttpError(failure, 404)) {
        onGone();
        setError(t('auth.device.gone'));
      } else setError(getErrorMessage(failure));
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {error ? <Alert>{error}</Alert> : null}
      <PinPad
        label={t('auth.device.pinLabel', { name: member.name })}
        value={pin}
        onChange={(next) => {
          setPin(next);
          if (next !== '' && !blocked) setError(null);
        }}
        onSubmit={() => void submit()}
        pending={switchUser.isPending}
        disabled={blocked}
      />
      <Button variant="secondary" onClick={onBack}>
        {t('auth.device.notYou')}
      </Button>
    </div>
  );
}
