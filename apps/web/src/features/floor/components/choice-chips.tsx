import { useId } from 'react';
import { cn } from '../../../lib/cn';

export interface Chip<T extends string> {
  value: T;
  label: string;
}

/**
 * One choice out of many as a row of chips a thumb can hit (44 px tall), scrolling sideways when
 * they do not fit. Radio buttons underneath: Tab reaches the group, the arrow keys move the choice.
 */
export function ChoiceChips<T extends string>({
  legend,
  chips,
  value,
  onChange,
  legendHidden = false,
  wrap = false,
  testId,
}: {
  legend: string;
  chips: readonly Chip<T>[];
  value: T;
  onChange: (value: T) => void;
  legendHidden?: boolean;
  /** Chips on several rows instead of one scrolling row (long words: reasons). */
  wrap?: boolean;
  testId?: string;
}) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1" data-testid={testId}>
      <legend className={cn('mb-1 text-sm font-medium text-ink', legendHidden && 'sr-only')}>{legend}</legend>
      <div
        className={cn(
          'flex gap-2',
          wrap ? 'flex-wrap' : '-mx-1 overflow-x-auto px-1 pb-1 [scrollbar-width:thin]',
        )}
      >
        {chips.map((chip) => {
          const checked = chip.value === value;
          return (
            <label
              key={chip.value}
              className={cn(
                'flex min-h-11 shrink-0 cursor-pointer items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-700',
                checked
                  ? 'border-accent-700 bg-accent-700 text-white'
                  : 'border-line bg-panel text-ink hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={chip.value}
                checked={checked}
                onChange={() => onChange(chip.value)}
              />
              {chip.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
