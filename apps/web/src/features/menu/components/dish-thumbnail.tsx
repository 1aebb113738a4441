import { ImageIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

/** A dish's photo, or a neutral placeholder; decorative, since the dish's name is beside it. */
export function DishThumbnail({ url, className = 'size-16' }: { url: string | null; className?: string }) {
  if (!url) {
    return (
      <div
        className={cn(
          'flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500',
          className,
        )}
        data-testid="dish-thumbnail-placeholder"
      >
        <ImageIcon className="size-6" />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      width={64}
      height={64}
      className={cn('shrink-0 rounded-lg bg-slate-100 object-cover', className)}
      data-testid="dish-thumbnail"
    />
  );
}
