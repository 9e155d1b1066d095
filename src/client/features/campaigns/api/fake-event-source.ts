/** A stand-in for the browser's EventSource that a test drives: open, send, fail. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  /** EventSource's: 0 connecting, 1 open, 2 closed. */
  readyState = 0;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  static get latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('No event stream was opened');
    return source;
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  send(data: unknown) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.(new MessageEvent('message', { data: text }));
  }

  /** Refused or given up: the browser will not try again by itself. */
  fail() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }

  /** Lost: the browser connects again by itself. */
  drop() {
    this.readyState = 0;
    this.onerror?.(new Event('error'));
  }
}

export const fakeEventSource = FakeEventSource as unknown as typeof EventSource;
