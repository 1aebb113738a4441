import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { GuestApp } from './app/guest-app';
import { hoistTitles } from './app/preact-title';
import { prefetchGuestMenu, primeGuestMenu } from './features/guest/api/get-guest-menu';
import { keepMenuForOffline, registerGuestWorker } from './features/guest/api/guest-worker';
import { guestLanguage } from './features/guest/model/guest-language';
import { registerPageMessages } from './lib/i18n/build-catalogues';
import { activateLanguage } from './lib/i18n/i18n';
import { createQueryClient } from './lib/query-client';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('guest.html has no #root element');

// The guest's build runs on Preact (vite.config.ts); in development it runs on React.
if (import.meta.env.MODE === 'guest') hoistTitles();

registerPageMessages();
// Asked for at once: the catalogue travels while the rest of the page is parsed and painted.
const language = guestLanguage();
const languageReady = activateLanguage(language).catch(() => undefined);

const queryClient = createQueryClient();
// The server sends the menu inside the page: the first screen needs no second round trip.
const primed = primeGuestMenu(
  queryClient,
  document.getElementById('guest-menu'),
  window.location.pathname,
  language,
);

// Without it (the offline shell), the phone's copy is asked for at once.
if (!primed) prefetchGuestMenu(queryClient, window.location.pathname, language);

// The service worker (after the page has loaded) makes the pages open offline, with this menu.
registerGuestWorker();
if (primed) void keepMenuForOffline(primed.qrToken, language, primed.menu).catch(() => undefined);

const renderApp = () => {
  createRoot(root).render(
    <StrictMode>
      <GuestApp queryClient={queryClient} />
    </StrictMode>,
  );
};

if (import.meta.env.MODE === 'guest') {
  // Preact draws in one go. Loading the code and drawing a whole menu would be one long task on a
  // phone, and the header the server sent would wait for both: the first render comes once the
  // browser has painted the page as it arrived.
  requestAnimationFrame(() => setTimeout(() => void languageReady.then(renderApp), 0));
} else {
  // As a transition, React's first render (a whole menu) yields to the browser every few
  // milliseconds instead of holding a phone's main thread in one long task.
  void languageReady.then(() => startTransition(renderApp));
}
