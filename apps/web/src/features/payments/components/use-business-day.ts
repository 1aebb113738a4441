import { DEFAULT_BUSINESS_DAY_STARTS_AT } from '@tavolo/contract/values/taxes';
import { useCurrentSession } from '../../../lib/current-session';
import { useNow } from '../../../lib/use-now';
import { useRestaurantProfile } from '../api/get-restaurant-profile';
import { currentBusinessDay } from '../model/business-day';

/**
 * The current business day on the restaurant's clock, moving on at the day's start while a screen
 * stays open. Undefined until the restaurant's profile says when its day starts; if it cannot be
 * read, the default start (04:00) is assumed rather than leaving the screen empty.
 */
export function useBusinessDay(): { today: string | undefined; startsAt: string } {
  const { restaurant } = useCurrentSession();
  const profile = useRestaurantProfile();
  const now = useNow(60_000);
  const startsAt = profile.data?.businessDayStartsAt ?? DEFAULT_BUSINESS_DAY_STARTS_AT;
  const known = profile.data !== undefined || profile.isError;
  return {
    today: known ? currentBusinessDay(restaurant.timezone, startsAt, new Date(now)) : undefined,
    startsAt,
  };
}
