import type { TMenuItem } from '@tavolo/contract/menu';
import { useState } from 'react';
import { Field } from '../../../components/ui/field';
import { inputClassName } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { parseStockInput, stockText } from '../model/stock-count';

/**
 * How many of a dish are left today: a number (0: sold out), or empty for a dish not counted.
 * Saved when the field is left or Enter is pressed; Escape puts back what is saved.
 */
export function StockCountField({
  item,
  onSave,
}: {
  item: TMenuItem;
  /** Settles once the count is saved or refused. */
  onSave: (item: TMenuItem, count: number | null) => Promise<unknown>;
}) {
  const saved = stockText(item.stockCount);
  // What is typed, or being saved; null shows the saved count (which orders move while the screen is open).
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = draft ?? saved;

  const commit = () => {
    const typed = parseStockInput(shown);
    if (!typed.ok) {
      setError(t('menu.today.stockInvalid'));
      return;
    }
    setError(undefined);
    if (typed.count === item.stockCount) {
      setDraft(null);
      return;
    }
    const sent = stockText(typed.count);
    setDraft(sent);
    // Saved or refused, the count shown is the saved one again (unless something new was typed).
    void onSave(item, typed.count).finally(() => setDraft((now) => (now === sent ? null : now)));
  };

  return (
    <Field label={t('menu.today.stockLabel')} hint={t('menu.today.stockHint')} error={error} className="w-32">
      {(control) => (
        <input
          {...control}
          aria-label={t('menu.today.stockInputLabel', { name: item.name })}
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="done"
          placeholder="∞"
          value={shown}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.currentTarget.blur();
            if (event.key === 'Escape') {
              setDraft(null);
              setError(undefined);
            }
          }}
          className={cn(inputClassName, 'tabular-nums')}
          data-testid="stock-count"
        />
      )}
    </Field>
  );
}
