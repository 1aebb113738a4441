type Listener = (event: MessageEvent) => void;

/**
 * Just enough EventSource for the live board: the test opens, errors and sends named events.
 * `FakeEventSource.instances` lists every one created, newest last.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  static get last(): FakeEventSource | undefined {
    return FakeEventSource.instances.at(-1);
  }

  static reset() {
    FakeEventSource.instances = [];
  }

  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSED = 2;
  readyState = 0;
  withCredentials = false;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: Listener | null = null;
  private listeners = new Map<string, Set<Listener>>();
  private lastId = '';

  constructor(
    readonly url: string,
    init?: { withCredentials?: boolean },
  ) {
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.readyState = 2;
  }

  /** The server accepted the stream. */
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  /** A named event, as the server writes `id:`, `event:` and `data:`. */
  emit(type: string, data: unknown, id?: number) {
    if (this.readyState === 2) return;
    if (id !== undefined) this.lastId = String(id);
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: this.lastId });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
    if (type === 'message') this.onmessage?.(event);
  }

  /** The connection broke; `closed` means the browser gave up (it will not reconnect by itself). */
  fail({ closed = false } = {}) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
    for (const listener of this.listeners.get('error') ?? []) listener(new MessageEvent('error'));
  }
}
