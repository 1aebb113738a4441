import { useId } from 'react';
import { cn } from '../../lib/cn';

export interface Segment<T extends string> {
  value: T;
  label: string;
}

/**
 * One choice out of a few, side by side ("Today · Week · Month · Year"). Native radio buttons
 * underneath: Tab reaches the group, the arrow keys move the choice, and a screen reader names the
 * group (its legend) and says which one is chosen. Each segment is at least 44 px tall.
 */
export function SegmentedControl<T extends string>({
  legend,
  segments,
  value,
  onChange,
  legendHidden = false,
  className,
}: {
  legend: string;
  segments: readonly Segment<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Keeps the legend for screen readers only, where a heading beside the control already says it. */
  legendHidden?: boolean;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-1', className)}>
      <legend className={cn('mb-1 text-sm font-medium text-ink', legendHidden && 'sr-only')}>{legend}</legend>
      <div className="flex w-full rounded-lg border border-line bg-surface p-0.5">
        {segments.map((segment) => {
          const checked = segment.value === value;
          return (
            <label
              key={segment.value}
              className={cn(
                'flex min-h-11 min-w-0 flex-1 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium',
                'transition-colors has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-1 has-[input:focus-visible]:outline-accent-700',
                checked ? 'bg-panel text-ink shadow-sm' : 'text-ink-muted hover:text-ink',
              )}
            >
              <input
                type="radio"
                className="sr-only"
                name={name}
                value={segment.value}
                checked={checked}
                onChange={() => onChange(segment.value)}
              />
              {segment.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
