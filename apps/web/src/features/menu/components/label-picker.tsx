import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldGroup } from '../../../components/ui/field';
import { CheckIcon } from '../../../components/ui/icons';
import { inputClassName } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';

const MAX_LABEL_LENGTH = 30;
const MAX_LABELS = 20;

/**
 * Short labels (tags, allergens) as chips: the suggestions toggle on and off, and any other
 * label can be typed in. Labels are stored lower-case, as the server keeps them.
 */
export function LabelPicker({
  legend,
  suggestions,
  value,
  onChange,
  noun,
  error,
}: {
  legend: string;
  suggestions: readonly string[];
  value: readonly string[];
  onChange: (labels: string[]) => void;
  /** "tag", "allergen": for the add field's label. */
  noun: string;
  error?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const chips = [...suggestions, ...value.filter((label) => !suggestions.includes(label))];

  const toggle = (label: string) =>
    onChange(value.includes(label) ? value.filter((one) => one !== label) : [...value, label]);

  const add = () => {
    const label = draft.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!label) return;
    if (label.length > MAX_LABEL_LENGTH) {
      setDraftError(`A ${noun} can be at most ${MAX_LABEL_LENGTH} characters.`);
      return;
    }
    if (!value.includes(label)) {
      if (value.length >= MAX_LABELS) {
        setDraftError(`At most ${MAX_LABELS} ${noun}s.`);
        return;
      }
      onChange([...value, label]);
    }
    setDraft('');
    setDraftError(null);
  };

  const shownError = draftError ?? error;
  return (
    <FieldGroup label={legend} error={shownError ?? undefined}>
      <div className="flex flex-wrap gap-2">
        {chips.map((label) => {
          const selected = value.includes(label);
          return (
            <button
              key={label}
              type="button"
              aria-pressed={selected}
              onClick={() => toggle(label)}
              className={cn(
                'inline-flex min-h-11 items-center gap-1 rounded-full border px-3 text-sm transition-colors',
                selected
                  ? 'border-accent-700 bg-accent-700 text-white hover:bg-accent-800'
                  : 'border-slate-300 bg-panel text-ink hover:bg-slate-50',
              )}
            >
              {selected ? <CheckIcon className="size-4" /> : null}
              {label}
            </button>
          );
        })}
      </div>
      <div className="flex gap-2">
        <label htmlFor={`${id}-add`} className="sr-only">
          Another {noun}
        </label>
        <input
          id={`${id}-add`}
          value={draft}
          maxLength={MAX_LABEL_LENGTH + 10}
          placeholder={`Another ${noun}`}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the label rather than submitting the whole form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          className={cn(inputClassName, 'min-w-0 flex-1')}
        />
        <Button variant="secondary" onClick={add} disabled={!draft.trim()}>
          Add<span className="sr-only"> {noun}</span>
        </Button>
      </div>
    </FieldGroup>
  );
}
