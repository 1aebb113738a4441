import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { type DishFilter, NO_FILTER, toggleInFilter } from '../model/dish-filter';
import { dishLabelName } from '../model/dish-label-names';

/** A chip that is on or off (aria-pressed), at least 44 px tall. */
function ChoiceChip({ label, pressed, onToggle }: { label: string; pressed: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={cn(
        'min-h-11 rounded-full border px-4 text-sm font-medium capitalize transition-colors',
        pressed
          ? 'border-accent-700 bg-accent-700 text-white'
          : 'border-line bg-panel text-ink hover:bg-slate-100',
      )}
    >
      {label}
    </button>
  );
}

/** The guest picks dietary tags to keep and allergens to avoid; the menu follows at once. */
export function DishFilterSheet({
  open,
  onClose,
  choices,
  filter,
  onChange,
  shownCount,
}: {
  open: boolean;
  onClose: () => void;
  choices: { tags: readonly string[]; allergens: readonly string[] };
  filter: DishFilter;
  onChange: (filter: DishFilter) => void;
  shownCount: number;
}) {
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      variant="sheet"
      title={t('guest.filter.title')}
      testId="dish-filter"
      footer={
        <div className="flex gap-2">
          <Button variant="secondary" size="large" className="flex-1" onClick={() => onChange(NO_FILTER)}>
            {t('guest.filter.clear')}
          </Button>
          <Button size="large" className="flex-1" onClick={onClose}>
            {t('guest.filter.show', { count: shownCount })}
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-6">
        {choices.tags.length > 0 ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="pb-2 text-sm font-semibold text-ink">{t('guest.filter.only')}</legend>
            <div className="flex flex-wrap gap-2">
              {choices.tags.map((tag) => (
                <ChoiceChip
                  key={tag}
                  label={dishLabelName(tag)}
                  pressed={filter.tags.includes(tag)}
                  onToggle={() => onChange(toggleInFilter(filter, 'tags', tag))}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        {choices.allergens.length > 0 ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="pb-2 text-sm font-semibold text-ink">{t('guest.filter.without')}</legend>
            <div className="flex flex-wrap gap-2">
              {choices.allergens.map((allergen) => (
                <ChoiceChip
                  key={allergen}
                  label={dishLabelName(allergen)}
                  pressed={filter.without.includes(allergen)}
                  onToggle={() => onChange(toggleInFilter(filter, 'without', allergen))}
                />
              ))}
            </div>
            <p className="text-xs text-ink-muted">{t('guest.filter.allergensNote')}</p>
          </fieldset>
        ) : null}
      </div>
    </ModalDialog>
  );
}
