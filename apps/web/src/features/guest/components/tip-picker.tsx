import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { formattingLocale, t } from '../../../lib/i18n/i18n';
import { examplePrice } from '../../../lib/price-input';
import { TIP_PERCENTS, type TipChoice, tipForPercent } from '../model/bill';

const chip =
  'inline-flex min-h-12 min-w-0 flex-col items-center justify-center rounded-xl border px-1 py-1 text-sm font-semibold tabular-nums transition-colors';

/** Suggested tips (0, 5, 10, 15 % of the amount, each with what it comes to) and a custom amount. */
export function TipPicker({
  amountMinor,
  currency,
  value,
  onChange,
  error,
}: {
  amountMinor: number;
  currency: string;
  value: TipChoice;
  onChange: (value: TipChoice) => void;
  error?: string;
}) {
  const legendId = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-labelledby={legendId}>
      <legend id={legendId} className="text-base font-semibold text-ink">
        {t('guest.tip.question')}
      </legend>
      <div className="grid grid-cols-5 gap-1.5" data-testid="tip-chips">
        {/* "10%", "10 %": as the guest's language writes a percent. */}
        {TIP_PERCENTS.map((percent) => {
          const pressed = value.kind === 'percent' && value.percent === percent;
          return (
            <button
              key={percent}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange({ kind: 'percent', percent })}
              className={cn(
                chip,
                pressed
                  ? 'border-accent-700 bg-accent-700 text-white'
                  : 'border-line bg-panel text-ink hover:bg-slate-50',
              )}
            >
              {new Intl.NumberFormat(formattingLocale(), { style: 'percent' }).format(percent / 100)}
              <span
                className={cn(
                  'max-w-full truncate text-xs font-normal',
                  pressed ? 'text-white' : 'text-ink-muted',
                )}
              >
                {percent === 0
                  ? t('guest.tip.none')
                  : formatMoney(tipForPercent(amountMinor, percent), currency)}
              </span>
            </button>
          );
        })}
        <button
          type="button"
          aria-pressed={value.kind === 'custom'}
          onClick={() => value.kind !== 'custom' && onChange({ kind: 'custom', text: '' })}
          className={cn(
            chip,
            value.kind === 'custom'
              ? 'border-accent-700 bg-accent-700 text-white'
              : 'border-line bg-panel text-ink hover:bg-slate-50',
          )}
        >
          {t('guest.tip.other')}
        </button>
      </div>
      {value.kind === 'custom' ? (
        <TextField
          label={t('guest.tip.amount')}
          inputMode="decimal"
          autoComplete="off"
          placeholder={examplePrice(currency)}
          value={value.text}
          error={error}
          onChange={(event) => onChange({ kind: 'custom', text: event.target.value })}
          autoFocus
        />
      ) : error ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
