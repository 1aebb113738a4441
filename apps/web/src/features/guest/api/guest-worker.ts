import { menuRoutes } from '@tavolo/contract/client/menu';
import type { TGuestMenu } from '@tavolo/contract/menu';
import { urlOf } from '../../../lib/api-client';
import {
  GUEST_ORDERS_SYNC,
  GUEST_WORKER_SCOPE,
  GUEST_WORKER_URL,
  type GuestWorkerMessage,
  isUploadPath,
} from '../model/guest-offline';

/*
 * The page's side of the guest pages' service worker (src/guest-sw.ts, decision 041): registering
 * it, telling it what to keep, asking it to send waiting orders when the network is back. Without
 * a worker (plain http on a LAN, an old browser, the dev server) each of these does nothing: the
 * pages work online as before and the orders queue still goes out from the page.
 */

type WorkerContainer = Pick<ServiceWorkerContainer, 'register' | 'ready'>;

function workerContainer(): WorkerContainer | undefined {
  return import.meta.env.PROD && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
}

/** Registers the worker once the page has loaded (it then downloads the app for offline use). */
export function registerGuestWorker(): void {
  const container = workerContainer();
  if (!container || !window.location.pathname.startsWith(GUEST_WORKER_SCOPE)) return;
  const register = () => {
    // A page that cannot have one (a private window that refuses it) goes on without.
    container.register(GUEST_WORKER_URL, { scope: GUEST_WORKER_SCOPE }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

async function tell(message: GuestWorkerMessage): Promise<void> {
  const container = workerContainer();
  if (!container) return;
  const registration = await container.ready;
  registration.active?.postMessage(message);
}

/**
 * Hands the worker the menu the page came with, under the address the menu screen asks for it
 * (`lang` included), and the images the page loaded so far: opened offline, the page finds them.
 * Later menus and images go through the worker, which keeps them itself.
 */
export async function keepMenuForOffline(qrToken: string, language: string, menu: TGuestMenu): Promise<void> {
  const url = urlOf(menuRoutes.guestMenu, { query: { qrToken, lang: language } });
  await tell({ type: 'tavolo:keep-menu', url, body: JSON.stringify(menu) });
  const images = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => {
      const address = new URL(name, window.location.href);
      return address.origin === window.location.origin && isUploadPath(address.pathname);
    });
  if (images.length > 0) await tell({ type: 'tavolo:keep-images', urls: images });
}

/**
 * Asks the browser to wake the worker when the network is back, to send the waiting orders even if
 * the page is closed by then (Background Sync, where the browser has it). False when it cannot.
 */
export async function requestOrderSync(): Promise<boolean> {
  const container = workerContainer();
  if (!container) return false;
  const registration = (await container.ready) as ServiceWorkerRegistration & {
    sync?: { register(tag: string): Promise<void> };
  };
  if (!registration.sync) return false;
  try {
    await registration.sync.register(GUEST_ORDERS_SYNC);
    return true;
  } catch {
    return false;
  }
}
