import { useSyncExternalStore } from 'react';

// Below Tailwind's `sm`: a phone held upright.
const NARROW = '(max-width: 39.99rem)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;

/** Whether the screen is a phone's: the floor then puts one's own tables first. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
