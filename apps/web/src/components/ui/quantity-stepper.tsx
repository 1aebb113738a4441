import { MAX_LINE_QUANTITY } from '@tavolo/contract/values/orders';
import { t } from '../../lib/i18n/i18n';
import { MinusIcon, PlusIcon } from './icons';

const stepButton =
  'flex size-11 shrink-0 items-center justify-center rounded-full border border-line bg-panel text-ink transition-colors hover:bg-slate-50 active:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

/**
 * − n + for a quantity from `min` (1) to `max` (the order limit); `label` names what is counted for
 * screen readers.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  min = 1,
  max = MAX_LINE_QUANTITY,
}: {
  value: number;
  onChange: (value: number) => void;
  label: string;
  min?: number;
  max?: number;
}) {
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{label}</legend>
      <button
        type="button"
        className={stepButton}
        // aria-disabled, not disabled: a disabled button drops the keyboard focus it holds.
        onClick={() => value > min && onChange(value - 1)}
        aria-disabled={value <= min}
        aria-label={t('ui.stepper.less', { label })}
      >
        <MinusIcon className="size-4" />
      </button>
      <output
        aria-live="polite"
        aria-label={t('ui.stepper.value', { label, value })}
        className="min-w-8 text-center text-base font-semibold text-ink tabular-nums"
      >
        {value}
      </output>
      <button
        type="button"
        className={stepButton}
        onClick={() => value < max && onChange(value + 1)}
        aria-disabled={value >= max}
        aria-label={t('ui.stepper.more', { label })}
      >
        <PlusIcon className="size-4" />
      </button>
    </fieldset>
  );
}
