import type { TMenuImportResult } from '@tavolo/contract/menu-import';
import { type ChangeEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ArrowLeftIcon, DownloadIcon, RefreshIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { formattingLocale, t } from '../../../lib/i18n/i18n';
import { useApplyMenuImport } from '../api/apply-menu-import';
import { menuCsvTemplateUrl, menuCsvUrl } from '../api/menu-csv-urls';
import { usePreviewMenuImport } from '../api/preview-menu-import';
import { MenuCsvColumnsHelp } from '../components/menu-csv-columns-help';
import { MenuImportPreview } from '../components/menu-import-preview';

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Card className="flex flex-col gap-4">
        <h2 id={headingId} className="flex items-center gap-3 text-lg font-semibold text-ink">
          <span
            aria-hidden="true"
            className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-50 text-sm text-accent-800"
          >
            {number}
          </span>
          {title}
        </h2>
        {children}
      </Card>
    </section>
  );
}

/** The sentence after an import: what it added and changed, leaving out what it did not. */
function describeResult(result: TMenuImportResult): string {
  const parts = [
    result.categoriesCreated > 0 &&
      t('menu.import.applied.categoriesCreated', { count: result.categoriesCreated }),
    result.dishesCreated > 0 && t('menu.import.applied.dishesCreated', { count: result.dishesCreated }),
    result.dishesUpdated > 0 && t('menu.import.applied.dishesUpdated', { count: result.dishesUpdated }),
    result.categoriesUpdated > 0 &&
      t('menu.import.applied.categoriesUpdated', { count: result.categoriesUpdated }),
  ].filter((part): part is string => typeof part === 'string');
  if (parts.length === 0) return t('menu.import.applied.nothing');
  const list = new Intl.ListFormat(formattingLocale(), { type: 'conjunction' }).format(parts);
  return t('menu.import.applied', { changes: list });
}

/**
 * The menu from a spreadsheet: download the current menu (or a template), edit it, read it back to
 * see what would be new, changed or wrong by row, then apply it in one go (PRODUCT.md §14).
 */
export function MenuImportScreen() {
  const session = useCurrentSession();
  const translationLanguages = useMemo(() => session.restaurant.languages.slice(1), [session.restaurant]);
  const toast = useToast();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TMenuImportResult | null>(null);
  const preview = usePreviewMenuImport();
  const apply = useApplyMenuImport();

  const read = (chosen: File) => {
    setResult(null);
    apply.reset();
    preview.mutate(chosen);
  };
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setResult(null);
    preview.reset();
    apply.reset();
  };
  const applyPreview = (previewId: string) =>
    apply.mutate(previewId, {
      onSuccess: (applied) => {
        setResult(applied);
        preview.reset();
        toast.success(describeResult(applied));
      },
    });

  let applyProblem: ReactNode = null;
  if (apply.isError) {
    const stale = isHttpError(apply.error, 409) || isHttpError(apply.error, 404);
    applyProblem = (
      <Alert>
        <div className="flex flex-col gap-3">
          <span>
            {isHttpError(apply.error, 409)
              ? t('menu.import.stale')
              : isHttpError(apply.error, 404)
                ? t('menu.import.expired')
                : t('menu.import.applyFailed', { error: getErrorMessage(apply.error) })}
          </span>
          {stale && file ? (
            <div>
              <Button variant="secondary" onClick={() => read(file)} pending={preview.isPending}>
                <RefreshIcon />
                {t('menu.import.readAgain')}
              </Button>
            </div>
          ) : null}
        </div>
      </Alert>
    );
  }

  const previewed = preview.data;
  return (
    <>
      <PageHeader
        title={t('menu.import.title')}
        description={t('menu.import.description')}
        actions={
          <Link to="/dashboard/menu" className={buttonClassName('secondary')}>
            <ArrowLeftIcon />
            {t('menu.import.backToMenu')}
          </Link>
        }
      />
      <div className="flex flex-col gap-6">
        <Step number={1} title={t('menu.import.step.download')}>
          <p className="text-sm text-ink-muted">{t('menu.import.download.hint')}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <a href={menuCsvUrl()} download className={buttonClassName('secondary')} data-testid="menu-csv">
              <DownloadIcon />
              {t('menu.import.download.current')}
            </a>
            <a
              href={menuCsvTemplateUrl()}
              download
              className={buttonClassName('secondary')}
              data-testid="menu-csv-template"
            >
              <DownloadIcon />
              {t('menu.import.download.template')}
            </a>
          </div>
          <MenuCsvColumnsHelp translationLanguages={translationLanguages} />
        </Step>

        <Step number={2} title={t('menu.import.step.upload')}>
          <div className="flex flex-col gap-2">
            <label htmlFor={inputId} className="text-sm font-medium text-ink">
              {t('menu.import.file.label')}
            </label>
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv"
              onChange={choose}
              className="block min-h-11 w-full rounded-lg border border-line bg-panel text-sm text-ink file:mr-3 file:min-h-11 file:cursor-pointer file:border-0 file:border-r file:border-line file:bg-slate-50 file:px-4 file:text-sm file:font-medium file:text-ink"
            />
            <p className="text-sm text-ink-muted">{t('menu.import.file.hint')}</p>
          </div>
          <div>
            <Button
              onClick={() => file && read(file)}
              disabled={!file}
              pending={preview.isPending}
              pendingLabel={t('menu.import.reading')}
            >
              {t('menu.import.read')}
            </Button>
          </div>
          {preview.isError ? (
            <Alert>{t('menu.import.readFailed', { error: getErrorMessage(preview.error) })}</Alert>
          ) : null}
        </Step>

        <Step number={3} title={t('menu.import.step.check')}>
          {result ? (
            <Alert tone="success">
              <div className="flex flex-col gap-3">
                <span data-testid="import-result">{describeResult(result)}</span>
                <div>
                  <Link to="/dashboard/menu" className={buttonClassName('secondary')}>
                    {t('menu.import.seeMenu')}
                  </Link>
                </div>
              </div>
            </Alert>
          ) : previewed ? (
            <MenuImportPreview
              preview={previewed}
              actions={
                <div className="flex flex-col gap-3">
                  {applyProblem}
                  {previewed.errors.length > 0 ? (
                    <p className="text-sm text-ink-muted">{t('menu.import.fixFirst')}</p>
                  ) : null}
                  <div>
                    <Button
                      onClick={() => applyPreview(previewed.previewId)}
                      disabled={
                        previewed.errors.length > 0 || previewed.create.length + previewed.update.length === 0
                      }
                      pending={apply.isPending}
                      pendingLabel={t('menu.import.applying')}
                    >
                      {t('menu.import.apply', {
                        count: previewed.create.length + previewed.update.length,
                      })}
                    </Button>
                  </div>
                </div>
              }
            />
          ) : (
            <p className="text-sm text-ink-muted">{t('menu.import.waiting')}</p>
          )}
        </Step>
      </div>
    </>
  );
}
