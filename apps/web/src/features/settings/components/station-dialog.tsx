import { zodResolver } from '@hookform/resolvers/zod';
import type { TStation, TStationRequest } from '@tavolo/contract/kitchen';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateStation } from '../api/create-station';
import { useUpdateStation } from '../api/update-station';
import {
  findStationFormField,
  type StationFormValues,
  stationFormSchema,
  toStationFormValues,
} from '../model/station-form';

/**
 * Adds a station (`station` null) or renames one and changes its printer. Problems the server finds
 * with a field show at that field; anything else is said in a toast and the dialog stays open.
 */
export function StationDialog({
  open,
  station,
  onClose,
}: {
  open: boolean;
  /** The station to change; null adds one. */
  station: TStation | null;
  onClose: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const creation = useCreateStation();
  const update = useUpdateStation();
  const nameInput = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<StationFormValues, unknown, TStationRequest>({
    resolver: zodResolver(stationFormSchema()),
    defaultValues: toStationFormValues(station),
  });

  // A fresh form each time it opens, with the station's values.
  useEffect(() => {
    if (open) reset(toStationFormValues(station));
  }, [open, station, reset]);

  const onSubmit = handleSubmit(async (body) => {
    try {
      if (station) {
        const saved = await update.mutateAsync({ id: station.id, body });
        toast.success(t('settings.stations.saved', { name: saved.name }));
      } else {
        const created = await creation.mutateAsync(body);
        toast.success(t('settings.stations.added', { name: created.name }));
      }
      onClose();
    } catch (error) {
      const message = applyServerErrors(error, setError, findStationFormField);
      const atFields =
        isHttpError(error) && Object.keys(error.apiError?.fields ?? {}).some(findStationFormField);
      if (!atFields) toast.error(t('settings.stations.saveFailed', { error: message }));
    }
  });

  const hasPrinter = watch('hasPrinter');
  const { ref: nameRef, ...nameField } = register('name');
  return (
    <ModalDialog
      open={open}
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
      title={
        station ? t('settings.stations.editTitle', { name: station.name }) : t('settings.stations.addTitle')
      }
      description={t('settings.stations.dialogDescription')}
      initialFocus={nameInput}
      testId="station-dialog"
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {t('settings.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            pending={isSubmitting}
            pendingLabel={t('settings.stations.saving')}
          >
            {station ? t('settings.stations.save') : t('settings.stations.add')}
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('settings.stations.formLabel')}
        className="flex flex-col gap-4"
      >
        <TextField
          label={t('settings.stations.name')}
          placeholder={t('settings.stations.namePlaceholder')}
          autoComplete="off"
          maxLength={40}
          error={errors.name?.message}
          ref={(element) => {
            nameRef(element);
            nameInput.current = element;
          }}
          {...nameField}
        />
        <CheckboxField
          label={t('settings.stations.printer')}
          hint={t('settings.stations.printerHint')}
          {...register('hasPrinter')}
        />
        {hasPrinter ? (
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
            <TextField
              label={t('settings.stations.host')}
              hint={t('settings.stations.hostHint')}
              placeholder="192.168.1.50"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              inputMode="url"
              error={errors.host?.message}
              {...register('host')}
            />
            <TextField
              label={t('settings.stations.port')}
              inputMode="numeric"
              autoComplete="off"
              error={errors.port?.message}
              {...register('port')}
            />
          </div>
        ) : null}
      </form>
    </ModalDialog>
  );
}
