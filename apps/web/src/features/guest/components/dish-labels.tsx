import type { TMenuDish } from '@tavolo/contract/menu';
import { Badge } from '../../../components/ui/badge';
import { t } from '../../../lib/i18n/i18n';
import { dishLabelName } from '../model/dish-label-names';

/** A dish's tags as badges and its allergens as a line of text (they are read, not scanned). */
export function DishLabels({
  item,
  className,
}: {
  item: Pick<TMenuDish, 'tags' | 'allergens'>;
  className?: string;
}) {
  if (item.tags.length === 0 && item.allergens.length === 0) return null;
  return (
    <div className={className}>
      {item.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1" aria-label={t('guest.labels.tags')}>
          {item.tags.map((tag) => (
            <li key={tag}>
              <Badge tone={tag === 'spicy' ? 'danger' : 'accent'}>{dishLabelName(tag)}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {item.allergens.length > 0 ? (
        <p className="pt-1 text-xs text-ink-muted">
          <span className="font-medium text-ink">{t('guest.labels.allergens')}</span>{' '}
          {item.allergens.map(dishLabelName).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
