import { useEffect } from 'react';

/**
 * Back from a provider's checkout with the browser's Back button, the page comes back from the
 * browser's cache as it was left ("Opening the payment…"): `onBack` makes it usable again and
 * reloads what it shows. A normal return loads the page, and so its data, anew.
 */
export function useBackFromCheckout(onBack: () => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onBack();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [onBack]);
}
