import type { TMeResponse } from '@tavolo/contract/auth';
import type { TRestaurant } from '@tavolo/contract/restaurants';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { CheckIcon, ChevronRightIcon, PlusIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { useRestaurants } from '../api/get-restaurants';
import { useSwitchRestaurant } from '../api/switch-restaurant';

// Its form (react-hook-form, zod and the restaurant's schema) loads when an owner first opens it,
// not with every dashboard page.
const AddRestaurantDialog = lazy(() =>
  import('./add-restaurant-dialog').then((module) => ({ default: module.AddRestaurantDialog })),
);

const itemClassName =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-left text-sm text-ink hover:bg-slate-100 focus-visible:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60';

/** The restaurant's logo and name, as the top bar shows it. */
function RestaurantName({ restaurant }: { restaurant: TMeResponse['restaurant'] }) {
  return (
    <>
      {restaurant.logoUrl ? (
        <img src={restaurant.logoUrl} alt="" className="size-8 shrink-0 rounded-md object-cover" />
      ) : null}
      <span className="truncate text-base font-semibold text-ink" data-testid="restaurant-name">
        {restaurant.name}
      </span>
    </>
  );
}

/**
 * The current restaurant in the top bar. Owners open it to switch to another of theirs or add
 * one; staff, who belong to one restaurant, just see its name.
 */
export function RestaurantSwitcher({ onSwitched }: { onSwitched: (me: TMeResponse | undefined) => void }) {
  const session = useCurrentSession();
  if (session.userType !== 'owner') {
    return (
      <div className="flex min-w-0 items-center gap-3">
        <RestaurantName restaurant={session.restaurant} />
      </div>
    );
  }
  return <OwnerSwitcher onSwitched={onSwitched} />;
}

function OwnerSwitcher({ onSwitched }: { onSwitched: (me: TMeResponse | undefined) => void }) {
  const session = useCurrentSession();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [adding, setAdding] = useState(false);
  /** Once opened, the dialog stays mounted, so that closing it runs as before. */
  const [dialogWanted, setDialogWanted] = useState(false);
  const restaurants = useRestaurants();
  const switching = useSwitchRestaurant();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Closes on a click elsewhere and on Escape (focus goes back to the button).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const switchTo = (restaurant: TRestaurant) => {
    switching.mutate(restaurant.id, {
      onSuccess: (me) => {
        setOpen(false);
        toast.success(t('settings.restaurants.switched', { name: restaurant.name }));
        onSwitched(me);
      },
      onError: (error) =>
        toast.error(
          t('settings.restaurants.switchFailed', { name: restaurant.name, error: getErrorMessage(error) }),
        ),
    });
  };

  return (
    <div ref={root} className="relative min-w-0">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 max-w-full min-w-0 items-center gap-2 rounded-lg px-2 hover:bg-slate-100"
        data-testid="restaurant-switcher"
      >
        <RestaurantName restaurant={session.restaurant} />
        <span className="sr-only">{t('settings.switcher.afterName')}</span>
        <ChevronRightIcon
          className={cn(
            'size-4 shrink-0 text-ink-muted transition-transform',
            open ? '-rotate-90' : 'rotate-90',
          )}
        />
      </button>
      {open ? (
        <div
          id={panelId}
          className="absolute top-full left-0 z-30 mt-2 flex w-72 max-w-[calc(100vw-1rem)] flex-col gap-1 rounded-xl border border-line bg-panel p-2 shadow-xl"
        >
          <p className="px-3 pt-1 pb-2 text-xs font-medium tracking-wide text-ink-muted uppercase">
            {t('settings.restaurants.yours')}
          </p>
          {restaurants.data ? (
            <ul
              aria-label={t('settings.switcher.listLabel')}
              className="flex max-h-72 flex-col gap-1 overflow-y-auto"
            >
              {restaurants.data.map((restaurant) => {
                const current = restaurant.id === session.restaurantId;
                const busy = switching.isPending && switching.variables === restaurant.id;
                return (
                  <li key={restaurant.id}>
                    <button
                      type="button"
                      className={cn(itemClassName, current && 'font-semibold')}
                      aria-current={current || undefined}
                      disabled={switching.isPending}
                      onClick={() => (current ? setOpen(false) : switchTo(restaurant))}
                    >
                      <span className="flex size-4 shrink-0 items-center justify-center text-accent-700">
                        {busy ? (
                          <Spinner className="size-4" />
                        ) : current ? (
                          <CheckIcon className="size-4" />
                        ) : null}
                      </span>
                      <span className="truncate">{restaurant.name}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          ) : restaurants.isError ? (
            <p className="px-3 py-2 text-sm text-red-700">{getErrorMessage(restaurants.error)}</p>
          ) : (
            <p className="flex items-center gap-2 px-3 py-2 text-sm text-ink-muted">
              <Spinner className="size-4" /> {t('settings.switcher.loading')}
            </p>
          )}
          <div className="mt-1 border-t border-line pt-1">
            <button
              type="button"
              className={itemClassName}
              onClick={() => {
                setOpen(false);
                setDialogWanted(true);
                setAdding(true);
              }}
            >
              <PlusIcon className="size-4 text-accent-700" />
              {t('settings.restaurants.add')}
            </button>
          </div>
        </div>
      ) : null}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <AddRestaurantDialog open={adding} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
