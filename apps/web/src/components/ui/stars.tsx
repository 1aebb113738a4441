import { cn } from '../../lib/cn';
import { t } from '../../lib/i18n/i18n';
import { StarIcon } from './icons';

/** "4 stars", "1 star": how a rating is said aloud. */
export function starsLabel(rating: number): string {
  return t('ui.stars.count', { rating });
}

/**
 * A rating shown as five stars, the first `rating` filled (a fraction rounds to the nearest half
 * star's side: 4.3 fills four). One image for screen readers: "4 out of 5 stars".
 */
export function Stars({
  rating,
  className,
  starClassName = 'size-4',
  label,
}: {
  rating: number;
  className?: string;
  starClassName?: string;
  /** What a screen reader hears; "N out of 5 stars" by default. */
  label?: string;
}) {
  const filled = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={label ?? t('ui.stars.outOfFive', { rating })}
      className={cn('inline-flex shrink-0 items-center gap-0.5', className)}
      data-rating={rating}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <StarIcon
          key={star}
          filled={star <= filled}
          className={cn(starClassName, star <= filled ? 'text-amber-600' : 'text-slate-400')}
        />
      ))}
    </span>
  );
}
