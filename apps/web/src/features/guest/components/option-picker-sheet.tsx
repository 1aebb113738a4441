import type { TMenuDish } from '@tavolo/contract/menu';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { TextareaField } from '../../../components/ui/textarea-field';
import { cn } from '../../../lib/cn';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import {
  describeGroupRule,
  type GuestOptionGroup,
  groupNameInSentence,
  isSingleChoice,
  keyOf,
  type OptionSelection,
  optionsPriceMinor,
  selectionToOptions,
  toggleChoice,
  validateSelection,
} from '../../../lib/option-selection';
import type { CartLine } from '../model/cart';
import { DishLabels } from './dish-labels';

interface PickerState {
  itemId: string | null;
  quantity: number;
  selection: OptionSelection;
  note: string;
  /** Problems show once the guest tried to add: not while they are still choosing. */
  showProblems: boolean;
}

const freshState = (itemId: string | null): PickerState => ({
  itemId,
  quantity: 1,
  selection: {},
  note: '',
  showProblems: false,
});

/**
 * The sheet that opens on a dish: quantity, its option groups (radio buttons when one may be
 * picked, checkboxes otherwise, within each group's min and max), a note, and the line's price.
 */
export function OptionPickerSheet({
  item,
  currency,
  onClose,
  onAdd,
}: {
  /** The dish to pick; null when closed. */
  item: TMenuDish | null;
  currency: string;
  onClose: () => void;
  onAdd: (line: Omit<CartLine, 'id'>) => void;
}) {
  const formId = useId();
  const body = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<PickerState>(() => freshState(item?.id ?? null));
  // Another dish opened: start over (state adjusted while rendering, as React recommends).
  if ((item?.id ?? null) !== state.itemId) setState(freshState(item?.id ?? null));

  const groups = item?.options ?? [];
  const problems = validateSelection(groups, state.selection);
  const options = selectionToOptions(groups, state.selection);
  const unitPriceMinor = (item?.priceMinor ?? 0) + (optionsPriceMinor(groups, options) ?? 0);
  const shownProblems = state.showProblems ? problems : {};

  const add = () => {
    if (!item) return;
    if (Object.keys(problems).length > 0) {
      setState((current) => ({ ...current, showProblems: true }));
      // To the first group that needs attention, after the messages render.
      requestAnimationFrame(() => {
        const first = body.current?.querySelector<HTMLElement>('fieldset[aria-invalid="true"]');
        first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        first?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus({ preventScroll: true });
      });
      return;
    }
    onAdd({
      menuItemId: item.id,
      name: item.name,
      unitPriceMinor,
      quantity: state.quantity,
      options,
      note: state.note.trim(),
    });
  };

  const problemCount = Object.keys(shownProblems).length;
  return (
    <ModalDialog
      open={item !== null}
      onClose={onClose}
      variant="sheet"
      title={item?.name ?? ''}
      description={item ? formatMoney(item.priceMinor, currency) : undefined}
      flush
      testId="option-picker"
      footer={
        <div className="flex flex-col gap-2">
          {problemCount > 0 ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problemCount === 1
                ? t('guest.options.chooseGroup', {
                    group: groupNameInSentence(Object.keys(shownProblems)[0] ?? ''),
                  })
                : t('guest.options.chooseAbove')}
            </p>
          ) : null}
          <div className="flex items-center gap-2">
            <QuantityStepper
              value={state.quantity}
              onChange={(quantity) => setState((current) => ({ ...current, quantity }))}
              label={item ? t('guest.stepper.howMany', { name: item.name }) : t('guest.options.quantity')}
            />
            <Button size="large" type="submit" form={formId} className="flex-1">
              <span className="flex w-full items-center justify-between gap-2 whitespace-nowrap">
                {/* The narrowest phones get "Add": the price must stay in view. */}
                <span>
                  <span className="max-[379px]:sr-only">{t('guest.options.addToOrder')}</span>
                  <span aria-hidden="true" className="hidden max-[379px]:inline">
                    {t('guest.options.add')}
                  </span>
                </span>
                <span className="tabular-nums">{formatMoney(unitPriceMinor * state.quantity, currency)}</span>
              </span>
            </Button>
          </div>
        </div>
      }
    >
      {item ? (
        <form
          ref={body}
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
          className="flex flex-col gap-6 pb-6"
        >
          {item.imageUrl ? (
            <img
              src={item.imageUrl}
              alt=""
              decoding="async"
              className="aspect-[16/9] w-full bg-slate-100 object-cover"
            />
          ) : null}
          <div className={cn('flex flex-col gap-3 px-4 sm:px-6', !item.imageUrl && 'pt-4 sm:pt-6')}>
            {item.description ? <p className="text-sm text-ink-muted">{item.description}</p> : null}
            <DishLabels item={item} />
          </div>
          {groups.map((group) => (
            <OptionGroupField
              key={keyOf(group)}
              group={group}
              selection={state.selection}
              currency={currency}
              problem={shownProblems[keyOf(group)]}
              onToggle={(choice) =>
                setState((current) => ({
                  ...current,
                  selection: toggleChoice(group, current.selection, choice),
                }))
              }
            />
          ))}
          <div className="px-4 sm:px-6">
            <TextareaField
              label={t('guest.options.kitchenNote')}
              placeholder={t('guest.options.kitchenNotePlaceholder')}
              maxLength={200}
              rows={2}
              value={state.note}
              onChange={(event) => setState((current) => ({ ...current, note: event.target.value }))}
            />
          </div>
        </form>
      ) : null}
    </ModalDialog>
  );
}

function OptionGroupField({
  group,
  selection,
  currency,
  problem,
  onToggle,
}: {
  group: GuestOptionGroup;
  selection: OptionSelection;
  currency: string;
  problem: string | undefined;
  onToggle: (choice: string) => void;
}) {
  const ruleId = useId();
  const problemId = useId();
  const name = useId();
  const single = isSingleChoice(group);
  const picked = selection[keyOf(group)] ?? [];
  const full = !single && picked.length >= group.max;
  const optionalSingle = single && !(group.required || group.min > 0);

  return (
    <fieldset
      className="min-w-0 px-4 sm:px-6"
      aria-describedby={cn(ruleId, problem && problemId)}
      aria-invalid={problem ? true : undefined}
      data-testid="option-group"
    >
      <legend className="mb-2 flex w-full items-baseline justify-between gap-2">
        <span className="text-base font-semibold text-ink">{group.name}</span>
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
      <div
        className={cn(
          'flex flex-col overflow-hidden rounded-xl border',
          problem ? 'border-red-700' : 'border-line',
        )}
      >
        {optionalSingle ? (
          <ChoiceRow
            type="radio"
            name={name}
            label={t('guest.options.none', { group: groupNameInSentence(group.name) })}
            checked={picked.length === 0}
            onChange={() => picked[0] && onToggle(picked[0])}
          />
        ) : null}
        {group.choices.map((choice) => {
          const checked = picked.includes(keyOf(choice));
          return (
            <ChoiceRow
              key={keyOf(choice)}
              type={single ? 'radio' : 'checkbox'}
              name={name}
              label={choice.name}
              price={choice.priceMinor > 0 ? `+${formatMoney(choice.priceMinor, currency)}` : undefined}
              checked={checked}
              disabled={full && !checked}
              onChange={() => onToggle(keyOf(choice))}
            />
          );
        })}
      </div>
    </fieldset>
  );
}

function ChoiceRow({
  type,
  name,
  label,
  price,
  checked,
  disabled = false,
  onChange,
}: {
  type: 'radio' | 'checkbox';
  name: string;
  label: string;
  price?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
}) {
  return (
    <label
      className={cn(
        'flex min-h-12 cursor-pointer items-center gap-3 border-b border-line px-3 last:border-b-0',
        checked ? 'bg-accent-50' : 'bg-panel hover:bg-slate-50',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input
        type={type}
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        className="size-5 shrink-0 accent-accent-700"
      />
      <span className="flex-1 text-sm text-ink">{label}</span>
      {price ? <span className="text-sm text-ink-muted tabular-nums">{price}</span> : null}
    </label>
  );
}
