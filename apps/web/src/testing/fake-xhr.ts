type Listener = (event: { lengthComputable?: boolean; loaded?: number; total?: number }) => void;

/** Just enough XMLHttpRequest for uploadImage; the test decides how the request ends. */
export class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  headers: Record<string, string> = {};
  body: unknown;
  listeners: Record<string, Listener[]> = {};
  uploadListeners: Record<string, Listener[]> = {};
  upload = {
    addEventListener: (type: string, listener: Listener) => {
      this.uploadListeners[type] = [...(this.uploadListeners[type] ?? []), listener];
    },
  };

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners[type] = [...(this.listeners[type] ?? []), listener];
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.emit('abort');
  }
  emit(type: string, event: Parameters<Listener>[0] = {}) {
    for (const listener of this.listeners[type] ?? []) listener(event);
  }
  progress(loaded: number, total: number) {
    for (const listener of this.uploadListeners.progress ?? [])
      listener({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.emit('load');
  }
}
