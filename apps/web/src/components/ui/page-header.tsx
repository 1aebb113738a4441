import type { ReactNode } from 'react';
import { useUnseenOrders, withUnseenCount } from '../../lib/unseen-orders';

export function PageHeader({
  title,
  description,
  actions,
  documentTitle,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The browser tab's title when it should say more than the heading. */
  documentTitle?: string;
}) {
  // New orders show in the tab's title on every screen, so a tab in the background still tells.
  const unseen = useUnseenOrders();
  return (
    <header className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{withUnseenCount(documentTitle ?? `${title} · Tavolo`, unseen)}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{title}</h1>
        {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
