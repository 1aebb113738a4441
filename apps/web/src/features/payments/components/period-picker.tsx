import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n/i18n';
import {
  type PeriodChoice,
  type PeriodPreset,
  type PeriodRange,
  periodPresetOptions,
} from '../model/payment-period';

/** Today, the last 7 or 30 days, this month, or dates of one's own: days on the restaurant's clock. */
export function PeriodPicker({
  choice,
  range,
  today,
  onChange,
}: {
  choice: PeriodChoice;
  range: PeriodRange;
  today: string;
  onChange: (change: Partial<PeriodChoice>) => void;
}) {
  const custom = choice.preset === 'custom';
  return (
    <search
      aria-label={t('payments.period.pickerLabel')}
      className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start sm:gap-4"
    >
      <SelectField
        className="col-span-2 sm:w-52"
        label={t('payments.period.label')}
        value={choice.preset}
        options={periodPresetOptions()}
        onChange={(event) => onChange({ preset: event.target.value as PeriodPreset })}
      />
      {custom ? (
        <>
          <TextField
            className="sm:w-44"
            label={t('payments.period.from')}
            type="date"
            value={choice.from}
            max={choice.to || today}
            onChange={(event) => onChange({ from: event.target.value })}
          />
          <TextField
            className="sm:w-44"
            label={t('payments.period.to')}
            type="date"
            value={choice.to}
            min={choice.from || undefined}
            error={range.ok ? undefined : range.message}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </>
      ) : null}
    </search>
  );
}
