import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldGroup } from '../../../components/ui/field';
import { CheckIcon } from '../../../components/ui/icons';
import { inputClassName } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { allergenName, tagName } from '../model/menu-labels';

const MAX_LABEL_LENGTH = 30;
const MAX_LABELS = 20;

export type LabelKind = 'tag' | 'allergen';

/** What the picker says for one kind of label. */
function kindTexts(kind: LabelKind) {
  switch (kind) {
    case 'tag':
      return {
        nameOf: tagName,
        another: t('menu.editor.labels.anotherTag'),
        add: t('menu.editor.labels.addTag'),
        tooLong: t('menu.editor.labels.tagTooLong', { max: MAX_LABEL_LENGTH }),
        tooMany: t('menu.editor.labels.tooManyTags', { max: MAX_LABELS }),
      };
    case 'allergen':
      return {
        nameOf: allergenName,
        another: t('menu.editor.labels.anotherAllergen'),
        add: t('menu.editor.labels.addAllergen'),
        tooLong: t('menu.editor.labels.allergenTooLong', { max: MAX_LABEL_LENGTH }),
        tooMany: t('menu.editor.labels.tooManyAllergens', { max: MAX_LABELS }),
      };
  }
}

/**
 * Short labels (tags, allergens) as chips: the suggestions toggle on and off, and any other
 * label can be typed in. Labels are stored lower-case, as the server keeps them; the suggestions are
 * shown in the person's language, and typing one's translated name picks that suggestion.
 */
export function LabelPicker({
  legend,
  suggestions,
  value,
  onChange,
  kind,
  error,
}: {
  legend: string;
  suggestions: readonly string[];
  value: readonly string[];
  onChange: (labels: string[]) => void;
  /** Which labels these are: for the names of the suggestions and the add field's words. */
  kind: LabelKind;
  error?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const texts = kindTexts(kind);
  const chips = [...suggestions, ...value.filter((label) => !suggestions.includes(label))];

  const toggle = (label: string) =>
    onChange(value.includes(label) ? value.filter((one) => one !== label) : [...value, label]);

  const add = () => {
    const typed = draft.trim().toLowerCase().replace(/\s+/g, ' ');
    if (!typed) return;
    const label = suggestions.find((suggestion) => texts.nameOf(suggestion).toLowerCase() === typed) ?? typed;
    if (label.length > MAX_LABEL_LENGTH) {
      setDraftError(texts.tooLong);
      return;
    }
    if (!value.includes(label)) {
      if (value.length >= MAX_LABELS) {
        setDraftError(texts.tooMany);
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
              {texts.nameOf(label)}
            </button>
          );
        })}
      </div>
      <div className="flex gap-2">
        <label htmlFor={`${id}-add`} className="sr-only">
          {texts.another}
        </label>
        <input
          id={`${id}-add`}
          value={draft}
          maxLength={MAX_LABEL_LENGTH + 10}
          placeholder={texts.another}
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
        <Button variant="secondary" onClick={add} disabled={!draft.trim()} aria-label={texts.add}>
          {t('menu.editor.labels.add')}
        </Button>
      </div>
    </FieldGroup>
  );
}
