import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** A card of a long form with its heading; headings (not landmarks) keep the form navigable. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 className="text-base font-semibold text-ink">{title}</h2>
        {description ? <p className="text-sm text-ink-muted">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}
