import { useId, useState } from 'react';
import { getErrorMessage, isHttpError } from '../../lib/api-client';
import { t } from '../../lib/i18n/i18n';
import { useSetStaffPin } from '../../lib/set-staff-pin';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TextField } from '../ui/text-field';
import { useToast } from '../ui/toast';

// Here rather than in a feature: one's own settings and a manager's staff screen both show it.

const PIN_PATTERN = /^\d{4,6}$/;

/**
 * An approval PIN: typed on a colleague's phone, it approves a void or a discount the colleague may
 * not give (when its holder may). Set a new one (4 to 6 digits, masked, typed twice) or remove it;
 * the PIN itself is never shown. `hasPin` is null when it is not known (one's own, without staff.manage).
 */
export function ApprovalPinForm({
  staffId,
  name,
  own,
  hasPin,
}: {
  staffId: string;
  name: string;
  own: boolean;
  hasPin: boolean | null;
}) {
  const toast = useToast();
  const setPin = useSetStaffPin();
  const [pin, setPinText] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<{ pin?: string; again?: string }>({});
  const [asking, setAsking] = useState(false);
  const [known, setKnown] = useState(hasPin);
  const formId = useId();

  const save = () => {
    const problems: { pin?: string; again?: string } = {};
    if (!PIN_PATTERN.test(pin)) problems.pin = t('shared.pin.invalid');
    else if (again !== pin) problems.again = t('shared.pin.mismatch');
    setProblem(problems);
    if (problems.pin || problems.again) return;
    setPin.mutate(
      { staffId, pin },
      {
        onSuccess: () => {
          setPinText('');
          setAgain('');
          setKnown(true);
          toast.success(own ? t('shared.pin.savedOwn') : t('shared.pin.saved', { name }));
        },
        onError: (error) => {
          if (isHttpError(error, 409)) setProblem({ pin: t('shared.pin.taken') });
          else toast.error(t('shared.pin.saveFailed', { error: getErrorMessage(error) }));
        },
      },
    );
  };

  const remove = () =>
    setPin.mutate(
      { staffId, pin: null },
      {
        onSuccess: () => {
          setAsking(false);
          setKnown(false);
          toast.success(own ? t('shared.pin.removedOwn') : t('shared.pin.removed', { name }));
        },
        onError: (error) => {
          setAsking(false);
          toast.error(t('shared.pin.removeFailed', { error: getErrorMessage(error) }));
        },
      },
    );

  return (
    <div className="flex flex-col gap-4" data-testid="approval-pin">
      {known !== null ? (
        <p className="text-sm">
          {known ? (
            <Badge tone="success">{t('shared.pin.isSet')}</Badge>
          ) : (
            <Badge tone="neutral">{t('shared.pin.notSet')}</Badge>
          )}
        </p>
      ) : null}
      <form
        id={formId}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextField
          label={known ? t('shared.pin.newLabel') : t('shared.pin.label')}
          hint={t('shared.pin.hint')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          value={pin}
          error={problem.pin}
          onChange={(event) => setPinText(event.target.value.replace(/\D/g, ''))}
          className="sm:w-48"
        />
        <TextField
          label={t('shared.pin.againLabel')}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          value={again}
          error={problem.again}
          onChange={(event) => setAgain(event.target.value.replace(/\D/g, ''))}
          className="sm:w-48"
        />
      </form>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          form={formId}
          pending={setPin.isPending && pin !== ''}
          disabled={setPin.isPending}
        >
          {t('shared.pin.save')}
        </Button>
        {known !== false ? (
          <Button variant="secondary" onClick={() => setAsking(true)} disabled={setPin.isPending}>
            {t('shared.pin.remove')}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        title={own ? t('shared.pin.removeTitleOwn') : t('shared.pin.removeTitle', { name })}
        description={t('shared.pin.removeDescription')}
        confirmLabel={t('shared.pin.remove')}
        pending={setPin.isPending}
        onConfirm={remove}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
