import type { IncomingMessage } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { readBody, startLocalServer } from './local-server';

/**
 * A webhook receiver on 127.0.0.1 that checks every delivery the way a Zap's code step would:
 * with the official `standardwebhooks` package, against the secrets the test gives it
 * (`trust(secret)`). It answers what the test asks for next (`answerNext(500, 200)`, a status
 * with Retry-After), 200 otherwise, and keeps every request with the secrets that verified it.
 * `down()` and `up()` stop and restart it on the same port (connections refused meanwhile).
 */

export interface ReceivedWebhook {
  headers: IncomingMessage['headers'];
  body: string;
  /** The parsed body. */
  event: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
  /** The trusted secrets whose signature matched (none: a forgery, or an untrusted secret). */
  verifiedWith: string[];
  answer: number;
}

export type ReceiverAnswer = number | { status: number; retryAfter: string };

export interface WebhookReceiver {
  /** The hook's URL (http on loopback: the app needs WEBHOOK_ALLOW_LOOPBACK). */
  url: string;
  received: ReceivedWebhook[];
  /** Deliveries answered 2xx, by event id: a test of exactly-once counts these. */
  accepted(): ReceivedWebhook[];
  trust(...secrets: string[]): void;
  answerNext(...answers: ReceiverAnswer[]): void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  path = '/hooks/catch/123/abc',
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const queued: ReceiverAnswer[] = [];
  let secrets: string[] = [];

  const server = await startLocalServer(async (req, res) => {
    const body = await readBody(req);
    const verifiedWith = secrets.filter((secret) => {
      try {
        new Webhook(secret).verify(body, req.headers as Record<string, string>);
        return true;
      } catch {
        return false;
      }
    });
    const next = queued.shift() ?? 200;
    const status = typeof next === 'number' ? next : next.status;
    let event: ReceivedWebhook['event'];
    try {
      event = JSON.parse(body) as ReceivedWebhook['event'];
    } catch {
      event = { id: '', type: '', timestamp: '', data: {} };
    }
    received.push({ headers: req.headers, body, event, verifiedWith, answer: status });
    res.writeHead(status, {
      'content-type': 'application/json',
      ...(typeof next === 'object' ? { 'retry-after': next.retryAfter } : {}),
    });
    res.end(JSON.stringify({ status: status < 300 ? 'success' : 'error' }));
  });

  return {
    url: `${server.url}${path}`,
    received,
    accepted: () => received.filter((r) => r.answer >= 200 && r.answer < 300),
    trust: (...given) => void (secrets = given),
    answerNext: (...answers) => void queued.push(...answers),
    down: server.down,
    up: server.up,
    close: server.close,
  };
}
