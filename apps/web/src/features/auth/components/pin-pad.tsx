import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';

const MAX_DIGITS = 6;
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

const keyClassName =
  'flex min-h-16 items-center justify-center rounded-2xl border border-line bg-panel text-2xl font-semibold text-ink shadow-sm hover:bg-slate-50 active:bg-slate-100 disabled:opacity-60';

/**
 * A PIN typed on a pad of large keys or on a keyboard: the digits go into one password field (which
 * keeps the focus, so typing and Enter work), shown as dots. 4 to 6 digits, as PINs are.
 */
export function PinPad({
  label,
  value,
  onChange,
  onSubmit,
  pending,
  disabled = false,
}: {
  label: string;
  value: string;
  onChange: (pin: string) => void;
  onSubmit: () => void;
  pending: boolean;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const type = (digit: string) => {
    if (value.length < MAX_DIGITS) onChange(value + digit);
    input.current?.focus();
  };
  const erase = () => {
    onChange(value.slice(0, -1));
    input.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.length >= 4 && !pending && !disabled) onSubmit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') onChange('');
  };
  const off = pending || disabled;

  return (
    <form onSubmit={submit} className="flex flex-col items-center gap-4">
      <label className="flex flex-col items-center gap-2 text-sm font-medium text-ink">
        {label}
        <input
          ref={input}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]*"
          maxLength={MAX_DIGITS}
          value={value}
          disabled={disabled}
          onKeyDown={onKeyDown}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, MAX_DIGITS))}
          className="h-14 w-56 rounded-xl border border-line bg-panel text-center text-3xl tracking-[0.5em] text-ink outline-none focus-visible:ring-2 focus-visible:ring-accent-600"
        />
      </label>
      <fieldset className="grid w-full max-w-xs grid-cols-3 gap-3">
        <legend className="sr-only">{t('auth.device.keypad')}</legend>
        {KEYS.map((digit) => (
          <button
            key={digit}
            type="button"
            className={keyClassName}
            disabled={off}
            onClick={() => type(digit)}
          >
            {digit}
          </button>
        ))}
        <button
          type="button"
          className={cn(keyClassName, 'text-base')}
          disabled={off || value === ''}
          onClick={erase}
          aria-label={t('auth.device.erase')}
        >
          ⌫
        </button>
        <button type="button" className={keyClassName} disabled={off} onClick={() => type('0')}>
          0
        </button>
        <Button
          type="submit"
          className="min-h-16 rounded-2xl text-base"
          disabled={value.length < 4 || disabled}
          pending={pending}
          pendingLabel={t('auth.device.pending')}
        >
          {t('auth.device.enter')}
        </Button>
      </fieldset>
    </form>
  );
}
