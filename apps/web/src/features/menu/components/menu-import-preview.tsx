import type { TMenuImportChange, TMenuImportEntry, TMenuImportPreview } from '@tavolo/contract/menu-import';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { t } from '../../../lib/i18n/i18n';
import {
  describeImportValue,
  describeMenuImportError,
  describeMenuImportRow,
  groupImportErrorsByRow,
} from '../model/menu-import-errors';

/** Each column an update changes: its name, the value now (struck through) → the file's. */
function ChangeList({ changes }: { changes: TMenuImportChange[] }) {
  return (
    <dl className="flex basis-full flex-col gap-1 pt-1" data-testid="import-change-list">
      {changes.map((change) => (
        <div
          key={change.field}
          className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5"
          data-testid="import-change"
          data-field={change.field}
        >
          <dt>
            <code className="rounded bg-slate-100 px-1 py-0.5 text-xs text-ink">{change.field}</code>
          </dt>
          <dd className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 break-words">
            <span className="sr-only">{t('menu.import.change.from')}</span>
            <del className={change.from === null ? 'text-ink-muted italic' : 'text-ink-muted'}>
              {describeImportValue(change, change.from)}
            </del>
            <span aria-hidden="true" className="text-ink-muted">
              →
            </span>
            <span className="sr-only">{t('menu.import.change.to')}</span>
            <ins
              className={
                change.to === null ? 'text-ink italic no-underline' : 'font-medium text-ink no-underline'
              }
            >
              {describeImportValue(change, change.to)}
            </ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One category or dish the import creates, changes or leaves: its row, kind, name and category. */
function EntryLine({ entry, changes }: { entry: TMenuImportEntry; changes?: boolean }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 gap-y-1 px-4 py-2 text-sm">
      <span className="w-16 shrink-0 text-ink-muted tabular-nums">{describeMenuImportRow(entry.row)}</span>
      <Badge tone={entry.kind === 'category' ? 'accent' : 'neutral'}>
        {entry.kind === 'category' ? t('menu.import.kind.category') : t('menu.import.kind.dish')}
      </Badge>
      <span className="min-w-0 font-medium break-words text-ink">{entry.name}</span>
      {entry.category ? <span className="text-ink-muted">· {entry.category}</span> : null}
      {changes && entry.changes.length > 0 ? <ChangeList changes={entry.changes} /> : null}
    </li>
  );
}

function EntryList({
  title,
  entries,
  changes,
  testId,
}: {
  title: string;
  entries: TMenuImportEntry[];
  changes?: boolean;
  testId: string;
}) {
  if (entries.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" data-testid={testId}>
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
        {entries.map((entry) => (
          <EntryLine key={`${entry.kind}-${entry.row}-${entry.name}`} entry={entry} changes={changes} />
        ))}
      </ul>
    </section>
  );
}

function Count({ value, label, tone }: { value: number; label: string; tone: string }) {
  return (
    <div className={`flex flex-col rounded-lg border px-3 py-2 ${tone}`}>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
      <span className="text-xs">{label}</span>
    </div>
  );
}

/** What importing the file would do: counts, each row's errors, then what is new, changed and left. */
export function MenuImportPreview({ preview, actions }: { preview: TMenuImportPreview; actions: ReactNode }) {
  const { create, update, unchanged, errors } = preview;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="import-counts">
        <Count
          value={create.length}
          label={t('menu.import.count.new')}
          tone="border-green-200 bg-green-50 text-green-900"
        />
        <Count
          value={update.length}
          label={t('menu.import.count.changed')}
          tone="border-amber-200 bg-amber-50 text-amber-900"
        />
        <Count
          value={unchanged.length}
          label={t('menu.import.count.unchanged')}
          tone="border-line bg-slate-50 text-ink"
        />
        <Count
          value={errors.length}
          label={t('menu.import.count.errors')}
          tone={
            errors.length > 0 ? 'border-red-200 bg-red-50 text-red-900' : 'border-line bg-slate-50 text-ink'
          }
        />
      </div>
      {errors.length > 0 ? (
        <section className="flex flex-col gap-2" data-testid="import-errors">
          <h3 className="text-sm font-semibold text-red-800">{t('menu.import.errors.title')}</h3>
          <p className="text-sm text-ink-muted">{t('menu.import.errors.hint')}</p>
          <ul className="flex flex-col divide-y divide-red-100 rounded-lg border border-red-200 bg-red-50/40">
            {groupImportErrorsByRow(errors).map(({ row, errors: rowErrors }) => (
              <li
                key={row}
                className="flex flex-wrap items-baseline gap-x-2 gap-y-1 px-4 py-2 text-sm"
                data-testid="import-error-row"
              >
                <span className="w-16 shrink-0 font-medium text-red-900 tabular-nums">
                  {describeMenuImportRow(row)}
                </span>
                <ul className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
                  {rowErrors.map((error) => (
                    <li
                      key={`${error.field}-${error.code}-${JSON.stringify(error.params)}`}
                      className="flex flex-wrap items-baseline gap-x-2"
                      data-testid="import-error"
                    >
                      {error.field ? (
                        <code className="rounded bg-white px-1 py-0.5 text-xs text-red-900">
                          {error.field}
                        </code>
                      ) : null}
                      <span className="min-w-0 break-words text-red-900">
                        {describeMenuImportError(error)}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {create.length + update.length === 0 && errors.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('menu.import.nothingToChange')}</p>
      ) : null}
      <EntryList title={t('menu.import.list.new')} entries={create} testId="import-new" />
      <EntryList title={t('menu.import.list.changed')} entries={update} changes testId="import-changed" />
      {unchanged.length > 0 ? (
        <details className="group rounded-lg border border-line" data-testid="import-unchanged">
          <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 px-4 text-sm font-medium text-ink">
            <ChevronRightIcon className="size-4 shrink-0 transition-transform group-open:rotate-90" />
            {t('menu.import.list.unchanged', { count: unchanged.length })}
          </summary>
          <ul className="flex flex-col divide-y divide-line border-t border-line">
            {unchanged.map((entry) => (
              <EntryLine key={`${entry.kind}-${entry.row}-${entry.name}`} entry={entry} />
            ))}
          </ul>
        </details>
      ) : null}
      {actions}
    </div>
  );
}
