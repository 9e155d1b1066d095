// The payment providers the browser tests pay with, on 127.0.0.1: the Stripe stand-in of the
// API tests (tests/helpers/stripe-stand-in.ts) behind one fixed port, plus what Stripe.js itself
// would do from the donor's browser: confirming a PaymentIntent with its client secret. The
// browser reaches it through e2e/support/stripe.ts, which serves a stand-in Stripe.js and routes
// https://api.stripe.com here.
import { createServer, request as forward, type IncomingMessage } from 'node:http';
import { startOjcStandIn } from '~tests/helpers/ojc-stand-in';
import { parseStripeForm, startStripeStandIn } from '~tests/helpers/stripe-stand-in';

/** The test card that is declined, as in Stripe's test mode. */
export const DECLINED_CARD = '4000000000000002';
/** An OJC card that OJC Fund refuses with 462 (invalid or inactive). */
export const INACTIVE_OJC_CARD = '6900000000000462';

const port = Number(process.env.E2E_STANDIN_PORT);
if (!port) throw new Error('E2E_STANDIN_PORT is required');
const stripe = await startStripeStandIn({ secretKey: process.env.STRIPE_SECRET_KEY });
// OJC Fund: the site's server calls it directly (OJC_API_BASE, printed below).
const ojc = await startOjcStandIn();
ojc.answerCard(INACTIVE_OJC_CARD, 462);

async function bodyOf(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const confirm = url.pathname.match(/^\/v1\/payment_intents\/(pi_\w+)\/confirm$/);
  if (req.method === 'POST' && confirm) {
    void bodyOf(req).then((raw) => {
      const params = parseStripeForm(raw.toString('utf8'));
      const send = (status: number, body: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'access-control-allow-origin': '*',
        });
        res.end(JSON.stringify(body));
      };
      let intent;
      try {
        intent = stripe.intentOfClientSecret(String(params.client_secret));
      } catch {
        return send(400, {
          error: { type: 'invalid_request_error', message: 'No such payment_intent.' },
        });
      }
      if (intent.id !== confirm[1]) {
        return send(400, { error: { type: 'invalid_request_error', message: 'Secret mismatch.' } });
      }
      const card = String(
        (params.payment_method_data as Record<string, Record<string, unknown>> | undefined)?.card
          ?.number ?? '',
      );
      if (card === DECLINED_CARD) {
        const declined = stripe.decline(intent.id);
        return send(402, {
          error: { ...(declined.last_payment_error as object), payment_intent: declined },
        });
      }
      send(200, stripe.pay(intent.id, { billingEmail: null }));
    });
    return;
  }
  // Everything else is the site's server calling Stripe's API.
  const upstream = new URL(stripe.url);
  const proxied = forward(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  req.pipe(proxied);
});

server.listen(port, '127.0.0.1', () => {
  console.log(`payment stand-ins ready ${JSON.stringify({ ojcApiBase: ojc.url })}`);
});

const stop = () => {
  server.close();
  void Promise.all([stripe.close(), ojc.close()]).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Gone with the e2e server, even if it was killed before it could stop us.
const parent = Number(process.env.E2E_PARENT_PID);
if (parent) {
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      stop();
    }
  }, 1000).unref();
}
