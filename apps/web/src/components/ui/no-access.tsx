import type { TPermission } from '@tavolo/contract/permissions';
import type { ReactNode } from 'react';
import { describePermission } from '../../lib/current-session';
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
  const names = wanted.map((one) => `“${describePermission(one)}”`);
  const needed = names.length > 1 ? `one of ${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];

  return (
    <Card
      padding="none"
      className="flex flex-col items-center gap-4 px-6 py-12 text-center"
      data-testid="no-access"
    >
      <title>No access · Tavolo</title>
      <div className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-900">
        <LockIcon />
      </div>
      <div className="flex max-w-md flex-col gap-2">
        <h1 className="text-xl font-semibold text-ink">You don't have access to this area</h1>
        <p className="text-sm text-ink">
          It needs the permission {needed}, which your role does not include.
        </p>
        <p className="text-sm text-ink-muted">
          The restaurant owner, or a manager allowed to edit roles, can grant it under Staff → Roles.
        </p>
      </div>
      {action}
    </Card>
  );
}
