import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP side shared by the tests' stand-ins (GHL, OJC, Stripe, the webhook receiver): a server
 * on 127.0.0.1 at a free port that can go down (connections refused) and come back on the same
 * port, so a test can play an outage.
 */

export interface LocalServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  port: number;
  /** Stops listening and cuts open connections; `up()` listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Stops for good; safe after `down()`. */
  close(): Promise<void>;
}

/**
 * A handler that returns a promise has its failure answered by cutting the connection; one that
 * must answer otherwise (an error body) catches its own.
 */
export type LocalHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/** A request's body as text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

export async function startLocalServer(handler: LocalHandler): Promise<LocalServer> {
  const server = createServer((req, res) => {
    void Promise.resolve(handler(req, res)).catch(() => res.destroy());
  });
  const listen = (at: number) =>
    new Promise<number>((resolve) =>
      server.listen(at, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  const port = await listen(0);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    down: stop,
    up: async () => void (await listen(port)),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}
