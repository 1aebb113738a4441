import type { TPermission } from '@tavolo/contract/permissions';
import type { ReactNode } from 'react';
import { describePermission } from '../../lib/current-session';
import { formattingLocale, t } from '../../lib/i18n/i18n';
import { Card } from './card';
import { LockIcon } from './icons';

/**
 * What a user sees on a screen their role does not open: which permission is missing, in plain
 * words, and who can grant it. Never a broken screen or an endless spinner.
 */
export function NoAccess({
  permission,
  action,
}: {
  /** One permission, or several of which any would do. */
  permission: TPermission | readonly TPermission[];
  /** The way on, e.g. a link to the first area the user may open. */
  action?: ReactNode;
}) {
  const wanted: readonly TPermission[] = typeof permission === 'string' ? [permission] : permission;
  const names = wanted.map((one) => t('ui.noAccess.quoted', { name: describePermission(one) }));
  const permissions = new Intl.ListFormat(formattingLocale(), { type: 'disjunction' }).format(names);

  return (
    <Card
      padding="none"
      className="flex flex-col items-center gap-4 px-6 py-12 text-center"
      data-testid="no-access"
    >
      <title>{t('ui.noAccess.pageTitle')}</title>
      <div className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-900">
        <LockIcon />
      </div>
      <div className="flex max-w-md flex-col gap-2">
        <h1 className="text-xl font-semibold text-ink">{t('ui.noAccess.title')}</h1>
        <p className="text-sm text-ink">{t('ui.noAccess.needs', { count: names.length, permissions })}</p>
        <p className="text-sm text-ink-muted">{t('ui.noAccess.whoGrants')}</p>
      </div>
      {action}
    </Card>
  );
}
