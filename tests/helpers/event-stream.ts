import { request, type IncomingHttpHeaders } from 'node:http';

/** One server-sent event as a browser's EventSource would see it. */
export interface StreamEvent {
  id?: string;
  data: string;
}

export interface EventStreamReader {
  status: number;
  headers: IncomingHttpHeaders;
  /** Everything received so far, comments and `retry:` lines included. */
  raw(): string;
  events: StreamEvent[];
  /** The next event not yet taken (by this call), waiting up to `timeoutMs` for it. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `url` as an event stream over plain HTTP and parses its events (for tests: an app
 * listening on 127.0.0.1, since app.inject cannot hold a stream open).
 */
export function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamReader> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let text = '';
      let buffer = '';
      let taken = 0;
      const events: StreamEvent[] = [];
      const waiting: (() => void)[] = [];
      let endedResolve!: () => void;
      const ended = new Promise<void>((r) => (endedResolve = r));
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let id: string | undefined;
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0)
            events.push({ ...(id === undefined ? {} : { id }), data: data.join('\n') });
        }
        for (const wake of waiting.splice(0)) wake();
      });
      res.on('close', () => {
        endedResolve();
        for (const wake of waiting.splice(0)) wake();
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        raw: () => text,
        events,
        ended,
        async next(timeoutMs = 5_000) {
          const deadline = Date.now() + timeoutMs;
          while (taken >= events.length) {
            const left = deadline - Date.now();
            if (left <= 0 || res.closed) throw new Error('no event came');
            await new Promise<void>((wake) => {
              const timer = setTimeout(wake, left);
              waiting.push(() => {
                clearTimeout(timer);
                wake();
              });
            });
          }
          return events[taken++]!;
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
