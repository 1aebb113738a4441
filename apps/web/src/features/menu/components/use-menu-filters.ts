import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isStatusFilter, type MenuFilters } from '../model/menu-list-filters';

/** Filters live in the URL, so that coming back from the editor finds the list as it was left. */
export function useMenuFilters(): [MenuFilters, (next: Partial<MenuFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filters: MenuFilters = {
    search: params.get('q') ?? '',
    categoryId: params.get('category') ?? '',
    status: isStatusFilter(status) ? status : 'all',
  };
  const update = useCallback(
    (next: Partial<MenuFilters>) =>
      setParams(
        (current) => {
          const params = new URLSearchParams(current);
          const set = (key: string, value: string | undefined, empty: string) => {
            if (value === undefined) return;
            if (value === empty) params.delete(key);
            else params.set(key, value);
          };
          set('q', next.search, '');
          set('category', next.categoryId, '');
          set('status', next.status, 'all');
          return params;
        },
        // Typing must not leave a history entry per letter.
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update];
}
