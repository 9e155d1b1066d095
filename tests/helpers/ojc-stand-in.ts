import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startLocalServer } from './local-server';

/**
 * A local stand-in for OJC Fund's charity-card API on 127.0.0.1, for the one call this site
 * makes: `POST /api/vouchers/processcharitycardtransaction` with HTTP Basic auth and a JSON body
 * (`CardNo`, `ExpDate`, `OrgId`, `Amount`, `ExternalreferenceId`, `SplitByMonths`). It answers
 * 200 with a reference as a JSON string, 401 to wrong credentials, 461 to an unknown OrgId, and
 * whatever a test asks for next (`answerNext`) or for one card (`answerCard`): an error status, a dropped connection, or being
 * down altogether (`down`). `hold` keeps answers back until released. Every request is kept.
 */

export const ojcTestCredentials = {
  username: 'ojc-standin-user',
  password: 'ojc-standin-password',
  orgId: 'standin-org-key==',
};

export interface OjcRequest {
  path: string;
  authorized: boolean;
  body: Record<string, unknown>;
  /** The status answered, or `drop` when the connection was cut. */
  answer: number | 'drop';
}

/** What the next request gets: an HTTP status, or `drop` (the request is read, no answer). */
export type OjcAnswer = number | 'drop';

export interface OjcStandIn {
  /** The API base, as OJC_API_BASE takes it. */
  url: string;
  requests: OjcRequest[];
  /** The charges OJC approved. */
  approved(): OjcRequest[];
  /** The next requests get these answers, in order; then approvals again. */
  answerNext(...answers: OjcAnswer[]): void;
  /** Every charge of this card (digits) gets this answer, until `answerCard(card, 200)`. */
  answerCard(cardNumber: string, answer: OjcAnswer): void;
  /** Stops listening (connections refused) until `up()`. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Holds every answer until the returned function is called; resolves once one is waiting. */
  hold(): { waiting: Promise<void>; release: () => void };
  close(): Promise<void>;
}

function isAuthorized(req: IncomingMessage) {
  const expected = Buffer.from(
    `${ojcTestCredentials.username}:${ojcTestCredentials.password}`,
  ).toString('base64');
  return req.headers.authorization === `Basic ${expected}`;
}

export async function startOjcStandIn(): Promise<OjcStandIn> {
  const requests: OjcRequest[] = [];
  const queued: OjcAnswer[] = [];
  const byCard = new Map<string, OjcAnswer>();
  let references = 0;
  let held: { promise: Promise<void>; onWaiting: () => void } | null = null;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '').split('?')[0]!;
    const text = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // answered 400 below
    }
    const authorized = isAuthorized(req);
    const request: OjcRequest = { path, authorized, body, answer: 200 };
    requests.push(request);
    if (held) {
      held.onWaiting();
      await held.promise;
    }
    const send = (status: number, payload: unknown) => {
      request.answer = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method !== 'POST' || path !== '/api/vouchers/processcharitycardtransaction') {
      return send(404, { message: 'Not found' });
    }
    if (!authorized)
      return send(401, { message: 'Authorization has been denied for this request.' });
    if (!text || typeof body.CardNo !== 'string') return send(400, { message: 'Bad request' });
    if (body.OrgId !== ojcTestCredentials.orgId) return send(461, 'Organization was not found');
    const answer = byCard.get(body.CardNo) ?? queued.shift() ?? 200;
    if (answer === 'drop') {
      request.answer = 'drop';
      req.socket.destroy();
      return;
    }
    if (answer !== 200) return send(answer, `OJC error ${answer}`);
    references += 1;
    return send(200, `OJC${String(100000 + references)}`);
  }

  const server = await startLocalServer(handle);

  return {
    url: `${server.url}/api`,
    requests,
    approved: () =>
      requests.filter(
        (r) => r.answer === 200 && r.path === '/api/vouchers/processcharitycardtransaction',
      ),
    answerNext: (...answers) => void queued.push(...answers),
    answerCard: (cardNumber, answer) => void byCard.set(cardNumber, answer),
    down: server.down,
    up: server.up,
    hold() {
      let release!: () => void;
      let onWaiting!: () => void;
      const promise = new Promise<void>((resolve) => (release = resolve));
      const waiting = new Promise<void>((resolve) => (onWaiting = resolve));
      held = { promise, onWaiting };
      return {
        waiting,
        release: () => {
          held = null;
          release();
        },
      };
    },
    close: server.close,
  };
}
