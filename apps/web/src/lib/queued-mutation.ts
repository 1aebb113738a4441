import type { BodyOf, EndpointOf, ParamsOf, Route } from '@tavolo/contract/endpoint';
import { IDEMPOTENCY_KEY_HEADER } from '@tavolo/contract/values/orders';
import { apiRequest, HttpError, RequestError, urlOf } from './api-client';
import type { OfflineQueue, QueuedMethod, QueuedRequest, SendRequest } from './offline-queue';
import { randomUuid } from './random-uuid';

/**
 * A change a person makes on a staff screen (a bump, a move on the board, a dish sold out, a
 * waiter's order) that must survive a Wi-Fi drop: sent at once when the way is open, else kept in
 * the offline queue (offline-queue.ts) with the Idempotency-Key it was first sent with, behind
 * whatever already waits there, and sent in order once the server answers again. Decision 042.
 */

/** A tap is a small request: one that gets no answer within this goes to the queue. */
export const TAP_TIMEOUT_MS = 10_000;

/** The server's answer, or word that the change waits in the queue (`entryId`). */
export type TapResult<T> = { queued: false; answer: T } | { queued: true; entryId: string };

/** A gateway's answers for a server it cannot reach: it may come back in a moment. */
const AWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * No answer came (no network, a timeout, a body cut off or unreadable), or a gateway's for a
 * server away: the change may or may not have been made, and its key makes sending it again safe.
 */
export function isUnanswered(error: unknown): boolean {
  if (error instanceof RequestError) return true;
  return error instanceof HttpError && AWAY_STATUSES.has(error.status);
}

/** Sends a tap through the API client, waiting less than a page's request would. */
export const sendTapRequest: SendRequest = ({ method, path, body, headers }) =>
  apiRequest(path, { method, body, headers, timeoutMs: TAP_TIMEOUT_MS });

/** The call of an endpoint as a request to send or queue: method and path from its route. */
export function tapRequest<R extends Route>(
  route: R,
  { params, body }: { params?: ParamsOf<EndpointOf<R>>; body?: BodyOf<EndpointOf<R>> },
): QueuedRequest {
  return {
    method: route.method as QueuedMethod,
    path: urlOf(route, { params } as Parameters<typeof urlOf<R>>[1]),
    body,
  };
}

export type SendTap<M> = <T>(
  request: QueuedRequest,
  meta: M,
  options?: { idempotencyKey?: string },
) => Promise<TapResult<T>>;

export interface TapSenderOptions<M> {
  queue: OfflineQueue<M>;
  /** The screens show "offline": queue at once rather than wait for the request to fail. */
  isOffline: () => boolean;
  send?: SendRequest;
  /** Something was queued: the moment to try sending it, should the way be open. */
  onQueued?: () => void;
}

/**
 * Sends taps one after the other in the order they were made: each waits for the one before to be
 * answered or queued, so that a tap made while an earlier one is still trying lands behind it. A
 * tap goes to the queue when the screens are offline, when something already waits there (it must
 * not overtake it), or when its request gets no answer; an answer that refuses it (4xx) is thrown,
 * as before, for the screen to say. When IndexedDB cannot be used, a tap is simply sent.
 */
export function createTapSender<M>({
  queue,
  isOffline,
  send = sendTapRequest,
  onQueued,
}: TapSenderOptions<M>): SendTap<M> {
  let chain: Promise<unknown> = Promise.resolve();

  const hasUnsent = async () => {
    try {
      return (await queue.list()).some((entry) => entry.state === 'waiting' || entry.state === 'sending');
    } catch {
      return false;
    }
  };

  async function attempt<T>(request: QueuedRequest, meta: M, idempotencyKey: string): Promise<TapResult<T>> {
    const enqueue = async (): Promise<TapResult<T>> => {
      const entry = await queue.enqueue(request, { idempotencyKey, meta });
      onQueued?.();
      return { queued: true, entryId: entry.id };
    };
    const sendNow = async (): Promise<TapResult<T>> => ({
      queued: false,
      answer: (await send({
        ...request,
        headers: { ...request.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      })) as T,
    });
    if (isOffline() || (await hasUnsent())) {
      try {
        return await enqueue();
      } catch {
        return sendNow();
      }
    }
    try {
      return await sendNow();
    } catch (error) {
      if (!isUnanswered(error)) throw error;
      try {
        return await enqueue();
      } catch {
        throw error;
      }
    }
  }

  return <T>(request: QueuedRequest, meta: M, { idempotencyKey = randomUuid() } = {}) => {
    const run = chain.then(() => attempt<T>(request, meta, idempotencyKey));
    chain = run.catch(() => undefined);
    return run;
  };
}

/** The refusal of a tap made by someone else than whoever is signed in now (see sendingOwnOnly). */
export const NOT_OWN_TAP = 'Made while someone else was signed in on this device';

/**
 * Sends through `send` only the entries `isOwn` accepts (those made by whoever is signed in now,
 * in this restaurant); another's is refused here with a 409 and never reaches the server under
 * someone else's name.
 */
export function sendingOwnOnly<M>(
  queue: OfflineQueue<M>,
  isOwn: (meta: M | undefined) => boolean,
  send: SendRequest = sendTapRequest,
): SendRequest {
  return async (request) => {
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const entry = (await queue.list()).find((candidate) => candidate.idempotencyKey === key);
    if (entry && !isOwn(entry.meta)) {
      throw new HttpError(409, { error: { code: 'CONFLICT', message: NOT_OWN_TAP } });
    }
    return send(request);
  };
}

export interface TapSyncOptions<M> {
  queue: OfflineQueue<M>;
  send: SendRequest;
  /** Reads the screens' data again: what the events could not carry, what the taps changed. */
  refetch: () => Promise<unknown>;
}

/**
 * Catching up: sends what waits (in order), reads the screens' data again when asked to (on
 * reconnect) or when something was sent or refused, and only then lets go of the sent entries, so
 * that a screen showing a tap as done never falls back to the state before it. Refused entries
 * stay until the person dismisses them. Calls while one runs are run once more after it.
 */
export function createTapSync<M>({ queue, send, refetch }: TapSyncOptions<M>) {
  let running: Promise<void> | undefined;
  let again = false;
  let refetchAgain = false;

  const once = async (withRefetch: boolean) => {
    const outcome = await queue.replay(send);
    const sent = (await queue.list()).filter((entry) => entry.state === 'sent');
    if (withRefetch || sent.length > 0 || outcome.refused.length > 0) await refetch();
    for (const entry of sent) await queue.acknowledge(entry.id);
  };

  return function catchUp(withRefetch = false): Promise<void> {
    if (running) {
      again = true;
      refetchAgain ||= withRefetch;
      return running;
    }
    running = (async () => {
      try {
        let refetching = withRefetch;
        do {
          again = false;
          await once(refetching);
          refetching = refetchAgain;
          refetchAgain = false;
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
}
