import { MAX_COURSE, MAX_SEAT } from '@tavolo/contract/values/orders';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { TextareaField } from '../../../components/ui/textarea-field';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import {
  type ChosenOption,
  type GuestOptionGroup,
  type OptionSelection,
  optionsPriceMinor,
  selectionToOptions,
  toggleChoice,
  validateSelection,
} from '../../../lib/option-selection';
import { courseLabel, seatLabel } from '../model/visit-lines';
import { type Chip, ChoiceChips } from './choice-chips';
import { OptionGroups } from './option-groups';

/** What a waiter sets on a dish: how many, its options, a note, whose seat and which course. */
export interface DishChoice {
  quantity: number;
  options: ChosenOption[];
  note: string;
  seat: number | null;
  course: number | null;
}

/** The picks of chosen options, by group: what the option groups start from. */
export function selectionOf(options: readonly ChosenOption[]): OptionSelection {
  const selection: Record<string, string[]> = {};
  for (const option of options) selection[option.group] = [...(selection[option.group] ?? []), option.choice];
  return selection;
}

/** Seats 1 to the covers (6 when unknown), and any seat already chosen beyond. */
function seatChips(covers: number | null, chosen: number | null): Chip<string>[] {
  const count = Math.min(MAX_SEAT, Math.max(covers ?? 6, chosen ?? 0, 1));
  return [
    { value: '', label: seatLabel(null) },
    ...Array.from({ length: count }, (_, index) => ({ value: String(index + 1), label: String(index + 1) })),
  ];
}

/** The courses, after "Usual": the dish's category's course (named when known), which the server applies. */
function courseChips(usualCourse: number | null): Chip<string>[] {
  return [
    {
      value: '',
      label:
        usualCourse === null
          ? t('floor.course.auto')
          : t('floor.course.autoNamed', { course: courseLabel(usualCourse) }),
    },
    ...Array.from({ length: MAX_COURSE + 1 }, (_, course) => ({
      value: String(course),
      label: courseLabel(course),
    })),
  ];
}

const toNumber = (value: string) => (value === '' ? null : Number(value));

/**
 * The sheet of one dish, for a line of the draft (new or edited) or a placed line to change:
 * quantity, option groups (when the menu still has them), note, seat and course. The footer's
 * button says what it does and what the line comes to.
 */
export function DishSheet({
  open,
  name,
  unitPriceMinor,
  groups,
  initial,
  covers,
  usualCourse = null,
  currency,
  submitLabel,
  pending = false,
  notice,
  onSubmit,
  onClose,
}: {
  open: boolean;
  name: string;
  /** The dish's own price (options come on top); null when the menu no longer has it. */
  unitPriceMinor: number | null;
  /** Its option groups; null: the options cannot be changed here (shown as they are). */
  groups: readonly GuestOptionGroup[] | null;
  initial: DishChoice;
  covers: number | null;
  /** The course of the dish's category, what "Usual" gives; null when unknown. */
  usualCourse?: number | null;
  currency: string;
  submitLabel: (totalMinor: number | null) => string;
  pending?: boolean;
  /** Said above the button: why the last attempt did not go through, and what to do instead. */
  notice?: ReactNode;
  onSubmit: (choice: DishChoice) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const body = useRef<HTMLFormElement>(null);
  const [quantity, setQuantity] = useState(initial.quantity);
  const [selection, setSelection] = useState<OptionSelection>(() => selectionOf(initial.options));
  const [note, setNote] = useState(initial.note);
  const [seat, setSeat] = useState(initial.seat === null ? '' : String(initial.seat));
  const [course, setCourse] = useState(initial.course === null ? '' : String(initial.course));
  const [showProblems, setShowProblems] = useState(false);

  const problems = groups ? validateSelection(groups, selection) : {};
  const options = groups ? selectionToOptions(groups, selection) : initial.options;
  const extra = groups ? optionsPriceMinor(groups, options) : 0;
  const unit = unitPriceMinor === null || extra === undefined ? null : unitPriceMinor + extra;

  const submit = () => {
    if (Object.keys(problems).length > 0) {
      setShowProblems(true);
      requestAnimationFrame(() => {
        const first = body.current?.querySelector<HTMLElement>('fieldset[aria-invalid="true"]');
        first?.scrollIntoView({ block: 'center' });
        first?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus({ preventScroll: true });
      });
      return;
    }
    onSubmit({ quantity, options, note: note.trim(), seat: toNumber(seat), course: toNumber(course) });
  };

  return (
    <ModalDialog
      open={open}
      onClose={() => {
        if (!pending) onClose();
      }}
      variant="sheet"
      title={name}
      description={unitPriceMinor === null ? undefined : formatMoney(unitPriceMinor, currency)}
      testId="dish-sheet"
      footer={
        <div className="flex flex-col gap-2">
          {notice}
          <div className="flex items-center gap-2">
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              label={t('floor.dish.quantity', { name })}
            />
            <Button
              size="large"
              type="submit"
              form={formId}
              className="flex-1"
              pending={pending}
              data-testid="dish-sheet-submit"
            >
              {submitLabel(unit === null ? null : unit * quantity)}
            </Button>
          </div>
        </div>
      }
    >
      <form
        ref={body}
        id={formId}
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {groups ? (
          <OptionGroups
            groups={groups}
            selection={selection}
            problems={showProblems ? problems : {}}
            currency={currency}
            onToggle={(group, choice) => setSelection((current) => toggleChoice(group, current, choice))}
          />
        ) : initial.options.length > 0 ? (
          <p className="text-sm text-ink-muted">
            {t('floor.dish.optionsFixed', {
              options: initial.options.map((option) => option.choice).join(', '),
            })}
          </p>
        ) : null}
        <ChoiceChips
          legend={t('floor.dish.seat')}
          chips={seatChips(covers, toNumber(seat))}
          value={seat}
          onChange={setSeat}
          testId="seat-chips"
        />
        <ChoiceChips
          legend={t('floor.dish.course')}
          chips={courseChips(usualCourse)}
          value={course}
          onChange={setCourse}
          testId="course-chips"
        />
        <TextareaField
          label={t('floor.dish.note')}
          placeholder={t('floor.dish.notePlaceholder')}
          maxLength={200}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </form>
    </ModalDialog>
  );
}
