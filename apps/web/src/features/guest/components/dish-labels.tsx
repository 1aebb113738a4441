import type { TMenuItem } from '@tavolo/contract/menu';
import { Badge } from '../../../components/ui/badge';

/** A dish's tags as badges and its allergens as a line of text (they are read, not scanned). */
export function DishLabels({
  item,
  className,
}: {
  item: Pick<TMenuItem, 'tags' | 'allergens'>;
  className?: string;
}) {
  if (item.tags.length === 0 && item.allergens.length === 0) return null;
  return (
    <div className={className}>
      {item.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label="Tags">
          {item.tags.map((tag) => (
            <li key={tag}>
              <Badge tone={tag === 'spicy' ? 'danger' : 'accent'}>{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {item.allergens.length > 0 ? (
        <p className="pt-1 text-xs text-ink-muted">
          <span className="font-medium text-ink">Allergens:</span> {item.allergens.join(', ')}
        </p>
      ) : null}
    </div>
  );
}
