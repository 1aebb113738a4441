import type { ReactNode } from 'react';
import { Card } from './card';

export function EmptyState({
  title,
  description,
  icon,
  action,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card padding="none" className="flex flex-col items-center gap-4 px-6 py-12 text-center">
      {icon ? (
        <div className="flex size-12 items-center justify-center rounded-full bg-accent-50 text-accent-700">
          {icon}
        </div>
      ) : null}
      <div className="flex max-w-md flex-col gap-2">
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      </div>
      {action}
    </Card>
  );
}
