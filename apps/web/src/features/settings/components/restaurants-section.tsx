import type { TRestaurant } from '@tavolo/contract/restaurants';
import { type ReactNode, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { QueryError } from '../../../components/ui/query-error';
import { Loading } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { useRestaurants } from '../api/get-restaurants';
import { useSwitchRestaurant } from '../api/switch-restaurant';
import { AddRestaurantDialog } from './add-restaurant-dialog';
import { DeleteRestaurantDialog } from './delete-restaurant-dialog';

/** The owner's restaurants: switch to one, add one, delete one (never the one in use). */
export function RestaurantsSection() {
  const session = useCurrentSession();
  const toast = useToast();
  const restaurants = useRestaurants();
  const switching = useSwitchRestaurant();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<TRestaurant | null>(null);

  const switchTo = (restaurant: TRestaurant) =>
    switching.mutate(restaurant.id, {
      onSuccess: () => toast.success(t('settings.restaurants.switched', { name: restaurant.name })),
      onError: (error) =>
        toast.error(
          t('settings.restaurants.switchFailed', { name: restaurant.name, error: getErrorMessage(error) }),
        ),
    });

  let list: ReactNode;
  if (!restaurants.data) {
    list = restaurants.isError ? (
      <QueryError
        title={t('settings.restaurants.loadFailed')}
        error={restaurants.error}
        retrying={restaurants.isFetching}
        onRetry={() => void restaurants.refetch()}
      />
    ) : (
      <Loading />
    );
  } else {
    list = (
      <ul
        aria-label={t('settings.restaurants.yours')}
        className="flex flex-col divide-y divide-line rounded-lg border border-line"
      >
        {restaurants.data.map((restaurant) => {
          const current = restaurant.id === session.restaurantId;
          return (
            <li
              key={restaurant.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3"
              data-testid="restaurant-item"
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium text-ink">{restaurant.name}</span>
                <span className="text-sm text-ink-muted">
                  {restaurant.currency} · {restaurant.timezone.replaceAll('_', ' ')}
                </span>
              </div>
              {current ? (
                <Badge tone="accent">{t('settings.restaurants.current')}</Badge>
              ) : (
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="secondary"
                    onClick={() => switchTo(restaurant)}
                    pending={switching.isPending && switching.variables === restaurant.id}
                    pendingLabel={t('settings.restaurants.switching')}
                    disabled={switching.isPending}
                  >
                    <span aria-hidden="true">{t('settings.restaurants.switch')}</span>
                    <span className="sr-only">
                      {t('settings.restaurants.switchTo', { name: restaurant.name })}
                    </span>
                  </Button>
                  <Button
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                    onClick={() => setToDelete(restaurant)}
                  >
                    <TrashIcon className="size-4" />
                    <span aria-hidden="true">{t('settings.restaurants.delete')}</span>
                    <span className="sr-only">
                      {t('settings.restaurants.deleteNamed', { name: restaurant.name })}
                    </span>
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <>
      {list}
      <p className="text-sm text-ink-muted">{t('settings.restaurants.deleteHint')}</p>
      <div>
        <Button variant="secondary" onClick={() => setAdding(true)}>
          <PlusIcon />
          {t('settings.restaurants.add')}
        </Button>
      </div>
      <AddRestaurantDialog open={adding} onClose={() => setAdding(false)} />
      <DeleteRestaurantDialog restaurant={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
