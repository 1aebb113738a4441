import { readEventData } from '@tavolo/contract/client/events';
import type { TEventType, TLiveEvent } from '@tavolo/contract/events';
import { READY_EVENT, STREAM_EVENTS } from '@tavolo/contract/values/events';
import { useEffect, useRef, useState } from 'react';

/**
 * `connecting`: not heard from the server yet; `live`: up to date; `reconnecting`: the browser is
 * reopening a dropped stream; `offline`: the browser gave up, and we try again ourselves later.
 */
export type EventStreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export type StreamName = keyof typeof STREAM_EVENTS;
/** The events a stream carries, each with its data as the contract's schema reads it. */
export type StreamEvent<S extends StreamName> = Extract<
  TLiveEvent,
  { type: (typeof STREAM_EVENTS)[S][number] }
>;

export interface EventStreamOptions<S extends StreamName> {
  /** Where the stream is (from the endpoint table); nothing opens while it is undefined. */
  url: string | undefined;
  /** Which stream it is: only the events it carries are listened to. */
  stream: S;
  withCredentials?: boolean;
  onEvent: (event: StreamEvent<S>) => void;
  /** The server replayed what was missed: from now on events are live. */
  onReady?: () => void;
  /** An event whose data its schema does not accept. */
  onUnreadable?: (type: TEventType) => void;
  /** The browser gave up on the stream (the server answered with an error rather than a stream). */
  onClosed?: () => void;
}

// When the browser gives up, try again ourselves, less and less often.
export const REOPEN_DELAYS_MS = [2_000, 5_000, 10_000, 30_000] as const;

/** `url` with `lastEventId` set: how a stream we open ourselves resumes where the last one stopped. */
export function withLastEventId(url: string, lastEventId: string): string {
  if (!lastEventId) return url;
  const [path = '', search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.set('lastEventId', lastEventId);
  return `${path}?${params}`;
}

/**
 * Owns one EventSource: opens it, reads the stream's events with the contract's schemas, and keeps
 * it open. The browser reconnects by itself and sends Last-Event-ID, so the server replays what was
 * missed; when the browser gives up, the stream is reopened after growing delays (and at once when
 * the tab comes back or the device goes online), resuming with `?lastEventId=`. When the device
 * goes offline the stream is closed at once: a Wi-Fi that dropped can leave its connection open
 * and silent for minutes, looking live; it is opened afresh, resuming, when the device is back.
 * Answers the connection's status.
 */
export function useEventStream<S extends StreamName>(options: EventStreamOptions<S>): EventStreamStatus {
  const { url, stream, withCredentials = false } = options;
  const [status, setStatus] = useState<EventStreamStatus>('connecting');
  const handlers = useRef(options);
  handlers.current = options;

  useEffect(() => {
    if (url === undefined) return;
    // Another stream (another order on the same page): it has yet to prove itself.
    setStatus('connecting');
    if (typeof EventSource === 'undefined') {
      setStatus('offline');
      return;
    }
    let source: EventSource | undefined;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let lastEventId = '';
    let stopped = false;

    const noteId = (message: MessageEvent) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
    };

    const open = () => {
      clearTimeout(reopenTimer);
      source?.close();
      const current = new EventSource(withLastEventId(url, lastEventId), { withCredentials });
      source = current;
      current.addEventListener(READY_EVENT, (message: MessageEvent) => {
        noteId(message);
        failures = 0;
        setStatus('live');
        handlers.current.onReady?.();
      });
      for (const type of STREAM_EVENTS[stream]) {
        current.addEventListener(type, (message: MessageEvent) => {
          noteId(message);
          const data = readEventData(type, String(message.data));
          if (data === null) handlers.current.onUnreadable?.(type);
          else handlers.current.onEvent({ type, data } as StreamEvent<S>);
        });
      }
      current.addEventListener('error', () => {
        if (stopped || source !== current) return;
        if (current.readyState !== EventSource.CLOSED) {
          setStatus('reconnecting');
          return;
        }
        setStatus('offline');
        current.close();
        handlers.current.onClosed?.();
        const delay = REOPEN_DELAYS_MS[Math.min(failures, REOPEN_DELAYS_MS.length - 1)];
        failures += 1;
        reopenTimer = setTimeout(open, delay);
      });
    };

    const reopenIfClosed = () => {
      if (document.visibilityState !== 'visible') return;
      if (!source || source.readyState === EventSource.CLOSED) open();
    };
    const closeWhileOffline = () => {
      clearTimeout(reopenTimer);
      source?.close();
      setStatus('offline');
    };
    open();
    document.addEventListener('visibilitychange', reopenIfClosed);
    window.addEventListener('online', reopenIfClosed);
    window.addEventListener('offline', closeWhileOffline);
    return () => {
      stopped = true;
      clearTimeout(reopenTimer);
      source?.close();
      document.removeEventListener('visibilitychange', reopenIfClosed);
      window.removeEventListener('online', reopenIfClosed);
      window.removeEventListener('offline', closeWhileOffline);
    };
  }, [url, stream, withCredentials]);

  return status;
}
