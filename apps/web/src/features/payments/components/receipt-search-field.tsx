import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n/i18n';
import { useTypedFilter } from '../../../lib/use-typed-filter';

/** Searches the receipts by number (or part of one) or by order number, as one types. */
export function ReceiptSearchField({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const [draft, setDraft, flush] = useTypedFilter(value, onChange);
  return (
    <search aria-label={t('payments.receipts.searchLabel')} className="sm:w-72">
      <TextField
        label={t('payments.receipts.search')}
        type="search"
        placeholder={t('payments.receipts.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={40}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && flush()}
      />
    </search>
  );
}
