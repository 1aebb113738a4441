import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import {
  describeGroupRule,
  type GuestOptionGroup,
  isSingleChoice,
  keyOf,
  type OptionSelection,
} from '../../../lib/option-selection';

/**
 * A dish's option groups as staff pick them: radio buttons where one may be picked, checkboxes
 * where several, each group's rule beside its name and its problem under it.
 */
export function OptionGroups({
  groups,
  selection,
  problems,
  currency,
  onToggle,
}: {
  groups: readonly GuestOptionGroup[];
  selection: OptionSelection;
  problems: Readonly<Record<string, string>>;
  currency: string;
  onToggle: (group: GuestOptionGroup, choice: string) => void;
}) {
  return (
    <>
      {groups.map((group) => (
        <OptionGroup
          key={keyOf(group)}
          group={group}
          picked={selection[keyOf(group)] ?? []}
          problem={problems[keyOf(group)]}
          currency={currency}
          onToggle={(choice) => onToggle(group, choice)}
        />
      ))}
    </>
  );
}

function OptionGroup({
  group,
  picked,
  problem,
  currency,
  onToggle,
}: {
  group: GuestOptionGroup;
  picked: readonly string[];
  problem: string | undefined;
  currency: string;
  onToggle: (choice: string) => void;
}) {
  const ruleId = useId();
  const problemId = useId();
  const name = useId();
  const single = isSingleChoice(group);
  const full = !single && picked.length >= group.max;
  // A group of one pick that may stay empty: a checkbox, since a chosen radio button cannot be unticked.
  const radio = single && (group.required || group.min > 0);
  return (
    <fieldset
      className="min-w-0"
      aria-describedby={cn(ruleId, problem && problemId)}
      aria-invalid={problem ? true : undefined}
      data-testid="option-group"
    >
      <legend className="mb-2 flex w-full items-baseline justify-between gap-2">
        <span className="text-sm font-semibold text-ink">{group.name}</span>
        <span
          id={ruleId}
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
            group.required ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700',
          )}
        >
          {describeGroupRule(group)}
        </span>
      </legend>
      {problem ? (
        <p id={problemId} className="mb-2 text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {group.choices.map((choice) => {
          const checked = picked.includes(keyOf(choice));
          const disabled = full && !checked;
          return (
            <label
              key={keyOf(choice)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-accent-700',
                checked
                  ? 'border-accent-700 bg-accent-50 font-medium text-ink'
                  : 'border-line bg-panel text-ink',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type={radio ? 'radio' : 'checkbox'}
                name={name}
                checked={checked}
                disabled={disabled}
                onChange={() => onToggle(keyOf(choice))}
                className="size-4 shrink-0 accent-accent-700"
              />
              {choice.name}
              {choice.priceMinor > 0 ? (
                <span className="text-ink-muted tabular-nums">
                  {t('floor.dish.optionPrice', { price: formatMoney(choice.priceMinor, currency) })}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
