import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n/i18n';
import {
  type ActivityPeriod,
  type ActivityRange,
  type ActivityView,
  type AuditKind,
  kindOptions,
  periodOptions,
} from '../model/activity-view';

/** The period the screen covers: today, yesterday, the last 7 days or dates of one's own. */
export function ActivityPeriodPicker({
  view,
  range,
  today,
  onChange,
}: {
  view: ActivityView;
  range: ActivityRange;
  today: string;
  onChange: (change: Partial<ActivityView>) => void;
}) {
  const custom = view.period === 'custom';
  return (
    <search
      aria-label={t('audit.period.pickerLabel')}
      className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start sm:gap-4"
    >
      <SelectField
        className="col-span-2 sm:w-44"
        label={t('audit.period.label')}
        value={view.period}
        options={periodOptions()}
        onChange={(event) => onChange({ period: event.target.value as ActivityPeriod })}
      />
      {custom ? (
        <>
          <TextField
            className="sm:w-44"
            label={t('audit.period.from')}
            type="date"
            value={view.from}
            max={view.to || today}
            onChange={(event) => onChange({ from: event.target.value })}
          />
          <TextField
            className="sm:w-44"
            label={t('audit.period.to')}
            type="date"
            value={view.to}
            min={view.from || undefined}
            error={range.ok ? undefined : range.message}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </>
      ) : null}
    </search>
  );
}

/** The list's own filters: what happened, and who did or approved it. */
export function ActivityFilters({
  view,
  people,
  onChange,
}: {
  view: ActivityView;
  people: readonly { value: string; label: string }[];
  onChange: (change: Partial<ActivityView>) => void;
}) {
  return (
    <search aria-label={t('audit.filters.label')} className="grid grid-cols-2 gap-3 sm:flex sm:gap-4">
      <SelectField
        className="sm:w-56"
        label={t('audit.filters.kind')}
        value={view.kind}
        options={kindOptions()}
        onChange={(event) => onChange({ kind: event.target.value as AuditKind | '' })}
      />
      <SelectField
        className="sm:w-56"
        label={t('audit.filters.person')}
        value={view.staffId}
        options={people}
        onChange={(event) => onChange({ staffId: event.target.value })}
      />
    </search>
  );
}
