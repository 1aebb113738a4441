import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { useSetupProgress } from '../api/get-setup-progress';

function Tick({ done }: { done: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-bold',
        done ? 'border-emerald-600 bg-emerald-600 text-white' : 'border-slate-300 bg-panel',
      )}
    >
      {done ? '✓' : ''}
    </span>
  );
}

/**
 * A new restaurant's first steps, ticked as they are done, for those who may take them. It waits
 * until it knows (no flash of a list about to vanish) and hides once every step is done.
 */
export function SetupChecklist() {
  const session = useCurrentSession();
  const progress = useSetupProgress();
  if (progress.steps.length === 0 || progress.complete) return null;
  if (progress.pending && !progress.failed) return null;
  const firstName = session.name.split(/\s+/)[0] || session.name;

  return (
    // Not a Card: its white background would win over the accent's.
    <div
      className="flex flex-col gap-3 rounded-xl border border-accent-100 bg-accent-50 p-4 sm:p-6"
      data-testid="setup-checklist"
    >
      <section aria-labelledby="setup-heading" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="setup-heading" className="text-base font-semibold text-accent-900">
            {t('overview.setup.welcome', { name: firstName })}
          </h2>
          <p className="text-sm text-accent-900">
            {t('overview.setup.progress', { done: progress.doneCount, total: progress.steps.length })}{' '}
            <span className="font-semibold">{session.restaurant.name}</span>.
          </p>
        </div>
        <ol className="flex flex-col gap-1 text-sm">
          {progress.steps.map((step) => (
            <li
              key={step.id}
              className="flex items-center gap-3"
              data-testid="setup-step"
              data-done={step.done === true}
            >
              <Tick done={step.done === true} />
              {step.done ? (
                <span className="inline-flex min-h-11 items-center text-ink-muted">
                  {step.doneLabel}
                  <span className="sr-only"> {t('overview.setup.stepDone')}</span>
                </span>
              ) : (
                <Link
                  to={step.to}
                  className="inline-flex min-h-11 items-center font-medium text-accent-800 underline-offset-4 hover:underline"
                >
                  {step.label}
                </Link>
              )}
            </li>
          ))}
        </ol>
        {progress.failed ? (
          <div className="flex flex-wrap items-center gap-3 text-sm text-ink-muted">
            {t('overview.setup.checkFailed')}
            <Button variant="secondary" onClick={progress.retry}>
              {t('overview.setup.checkAgain')}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
