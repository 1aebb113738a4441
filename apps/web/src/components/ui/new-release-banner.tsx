import { useState } from 'react';
import { t } from '../../lib/i18n/i18n';
import { type ReleaseWatch, releaseWatch, useNewerRelease } from '../../lib/release';
import { CloseIcon, RefreshIcon } from './icons';

/**
 * Offers to reload once the server serves a release other than the page's (lib/release.ts): the
 * page's code may no longer match the API, and a reload brings the new code (the cart, the queue
 * of waiting requests and the session outlive it). Mounted by both app shells, the dashboard's and
 * the guest's. The person may put it off; a still newer release asks again.
 */
export function NewReleaseBanner({
  watch = releaseWatch,
  reload = () => window.location.reload(),
}: {
  watch?: ReleaseWatch;
  reload?: () => void;
}) {
  const newer = useNewerRelease(watch);
  const [putOff, setPutOff] = useState<string | null>(null);
  if (!newer || newer === putOff) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-2 print:hidden">
      <div
        role="status"
        className="pointer-events-auto flex w-full max-w-md items-center gap-2 rounded-xl bg-slate-900 py-2 pr-2 pl-4 text-sm text-white shadow-lg"
        data-testid="new-release"
      >
        <p className="flex-1">{t('ui.release.ready')}</p>
        <button
          type="button"
          onClick={reload}
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg bg-white px-3 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-white"
        >
          <RefreshIcon className="size-4" />
          {t('ui.release.reload')}
        </button>
        <button
          type="button"
          onClick={() => setPutOff(newer)}
          className="flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-white/10 focus-visible:outline-white"
          aria-label={t('ui.release.later')}
        >
          <CloseIcon className="size-4" />
        </button>
      </div>
    </div>
  );
}
