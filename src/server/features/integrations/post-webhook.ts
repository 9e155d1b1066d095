import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { addressProblem, guardedLookup, type AddressPolicy } from './address-guard';

export interface WebhookAnswer {
  status: number;
  /** The Retry-After header, when the receiver sent one. */
  retryAfter: string | null;
}

/** Standard Webhooks recommends waiting 15 to 30 s for the receiver. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/**
 * POSTs a signed body once. The connection goes only to an address the policy allows (checked as
 * it connects), redirects are not followed (a 3xx is a failure, as Standard Webhooks says), and
 * the answer's body is read and dropped. Throws for anything that is not an HTTP answer.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  policy: AddressPolicy,
  signal?: AbortSignal,
): Promise<WebhookAnswer> {
  const target = new URL(url);
  // A literal address is connected to without a lookup, so the guard checks it here: a URL saved
  // before a rule was added is held to today's rules at every delivery.
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) !== 0) {
    const problem = addressProblem(literal, policy);
    if (problem) {
      return Promise.reject(new Error(`The webhook could not be delivered (${problem})`));
    }
  }
  const timeout = AbortSignal.timeout(WEBHOOK_TIMEOUT_MS);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'tziyun-webhooks/1',
        },
        agent: false,
        lookup: guardedLookup(policy),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      },
      (res) => {
        const answer = {
          status: res.statusCode ?? 0,
          retryAfter:
            typeof res.headers['retry-after'] === 'string' ? res.headers['retry-after'] : null,
        };
        res.resume();
        res.on('end', () => resolve(answer));
        res.on('error', () => resolve(answer));
        res.on('aborted', () => resolve(answer));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      const reason =
        error.name === 'AbortError' || error.name === 'TimeoutError'
          ? `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
          : error.code === 'EADDRNOTALLOWED'
            ? error.message
            : `${error.code ?? error.name}`;
      reject(new Error(`The webhook could not be delivered (${reason})`));
    });
    req.end(body);
  });
}
