import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/**
 * A card of a long form with its heading; headings (not landmarks) keep the form navigable. `aside`
 * sits beside the heading (under it on a phone): a summary such as what is left to do.
 */
export function FormSection({
  title,
  description,
  aside,
  children,
}: {
  title: string;
  description?: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <h2 className="text-base font-semibold text-ink">{title}</h2>
          {aside}
        </div>
        {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}
