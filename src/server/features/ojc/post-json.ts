import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** A POST that failed; `connected` says whether the request could have reached the server. */
export class PostError extends Error {
  constructor(
    readonly connected: boolean,
    readonly code: string,
  ) {
    super(`POST failed (${code}, ${connected ? 'after' : 'before'} connecting)`);
    this.name = 'PostError';
  }
}

function codeOf(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === 'string') return code;
  return typeof name === 'string' ? name : 'unknown';
}

/**
 * POSTs a body on a connection of its own (no keep-alive pool: a pooled socket the server has
 * just closed would fail after "sending", and a charge could not be told apart from one that
 * never left). An error before the connection (and TLS handshake) was made means the server
 * never saw the request; one after may mean it did.
 */
export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  signal: AbortSignal,
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  return new Promise((resolve, reject) => {
    let connected = false;
    const req = (secure ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: false,
        signal,
      },
      (res) => {
        let text = '';
        const done = () => resolve({ status: res.statusCode ?? 0, text });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', done);
        // The status has arrived: it is the answer, whatever became of the rest of the body.
        res.on('error', done);
        res.on('aborted', done);
      },
    );
    req.on('socket', (socket) => {
      socket.once(secure ? 'secureConnect' : 'connect', () => (connected = true));
    });
    req.on('error', (error) => reject(new PostError(connected, codeOf(error))));
    req.end(body);
  });
}
