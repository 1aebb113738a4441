import { FieldGroup } from '../../../components/ui/field';
import { weekdayName } from '../../../lib/format';
import { formattingLocale, t } from '../../../lib/i18n/i18n';

// Shown Monday first; stored as 0 = Sunday … 6 = Saturday.
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

export function describeDays(days: readonly number[]): string {
  if (days.length === 0 || days.length === 7) return t('menu.editor.days.everyDay');
  const names = DISPLAY_ORDER.filter((day) => days.includes(day)).map((day) => weekdayName(day, 'long'));
  const list = new Intl.ListFormat(formattingLocale(), { type: 'conjunction' }).format(names);
  return t('menu.editor.days.only', { days: list });
}

/** The weekdays a dish is served; none ticked means every day. */
export function DaysField({
  value,
  onChange,
}: {
  value: readonly number[];
  onChange: (days: number[]) => void;
}) {
  return (
    <FieldGroup
      label={t('menu.editor.days.label')}
      hint={
        <span aria-live="polite">
          {describeDays(value)} {value.length === 0 ? t('menu.editor.days.tickToLimit') : null}
        </span>
      }
    >
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-7 lg:grid-cols-4">
        {DISPLAY_ORDER.map((day) => {
          const checked = value.includes(day);
          return (
            <label
              key={day}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-2 text-sm text-ink has-checked:border-accent-700 has-checked:bg-accent-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-700"
            >
              <input
                type="checkbox"
                checked={checked}
                onChange={() =>
                  onChange(
                    checked ? value.filter((one) => one !== day) : [...value, day].sort((a, b) => a - b),
                  )
                }
                aria-label={weekdayName(day, 'long')}
                className="size-4 shrink-0 accent-accent-700 focus-visible:outline-none"
              />
              {weekdayName(day, 'short')}
            </label>
          );
        })}
      </div>
    </FieldGroup>
  );
}
