import { MENU_CSV_COLUMNS, MENU_CSV_REQUIRED_COLUMNS } from '@tavolo/contract/menu-import';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { t } from '../../../lib/i18n/i18n';
import { describeMenuCsvColumn } from '../model/menu-csv-columns';

/** What each column of menu.csv holds, folded away until asked for. */
export function MenuCsvColumnsHelp({ translationLanguages }: { translationLanguages: readonly string[] }) {
  return (
    <details className="group rounded-lg border border-line">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 text-sm font-medium text-ink">
        <ChevronRightIcon className="size-4 shrink-0 transition-transform group-open:rotate-90" />
        {t('menu.import.columns.title')}
      </summary>
      <div className="flex flex-col gap-3 border-t border-line px-4 py-3 text-sm">
        <p className="text-ink-muted">{t('menu.import.columns.rules')}</p>
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {MENU_CSV_COLUMNS.map((column) => (
            <div key={column} className="contents">
              <dt>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 text-ink">{column}</code>
                {(MENU_CSV_REQUIRED_COLUMNS as readonly string[]).includes(column) ? (
                  <span className="ml-1 text-xs text-ink-muted">{t('menu.import.columns.required')}</span>
                ) : null}
              </dt>
              <dd className="text-ink-muted">{describeMenuCsvColumn(column)}</dd>
            </div>
          ))}
          {translationLanguages.length > 0 ? (
            <div className="contents">
              <dt>
                <code className="rounded bg-slate-100 px-1.5 py-0.5 text-ink">
                  {translationLanguages.map((language) => `dish_${language}`).join(' · ')}
                </code>
              </dt>
              <dd className="text-ink-muted">
                {t('menu.import.column.translations', { languages: translationLanguages.join(', ') })}
              </dd>
            </div>
          ) : null}
        </dl>
      </div>
    </details>
  );
}
