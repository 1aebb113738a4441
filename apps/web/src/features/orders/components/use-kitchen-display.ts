import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The full-screen kitchen display is `?view=kitchen`: a tablet can be bookmarked on it. */
export function useKitchenDisplay(): [boolean, (on: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const on = searchParams.get('view') === 'kitchen';
  const setOn = useCallback(
    (next: boolean) =>
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          if (next) updated.set('view', 'kitchen');
          else updated.delete('view');
          return updated;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [on, setOn];
}
