import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { startLocalServer } from './local-server';

/** The API version the stand-in's webhook endpoint is set to unless a test says otherwise. */
export const STAND_IN_WEBHOOK_API_VERSION: string = Stripe.API_VERSION;

/**
 * Before 2025-03-31.basil an invoice named its subscription and PaymentIntent at the top level
 * and had no `parent`, `payments` or `confirmation_secret`.
 */
const isPreBasil = (apiVersion: string) => apiVersion < '2025-03-31';

/**
 * A local stand-in for Stripe's REST API on 127.0.0.1, for the calls this site makes. It speaks
 * the wire format the official SDK expects: form-encoded requests (`a[b][0]=c`), JSON objects
 * with `object` and `id`, `expand[]`, errors as `{error: {type, message, code}}` with Stripe's
 * statuses, and the `Idempotency-Key` header (same key and parameters: the first answer again;
 * same key, other parameters: 400 idempotency_error).
 *
 * Tests play Stripe's side with the helpers (`pay`, `decline`, `refund`, `renew`, …) and build
 * webhook events from the objects it holds (`event`), rendered in the webhook endpoint's API
 * version: the SDK's pinned one unless a test names another (`invoice(id, {apiVersion})`,
 * `event(…, {apiVersion})`). Every request is kept in `requests` (e.g. the `customer` and
 * `return_url` of `POST /v1/billing_portal/sessions`).
 */

type StripeObject = Record<string, unknown> & { id: string; object: string };
type Params = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const id = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding, read back: `items[0][price_data][unit_amount]=5` → nested values. */
export function parseStripeForm(text: string): Params {
  const out: Params = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return out;
}

/**
 * Stripe's answer for an object that does not exist: 404 when the URL names it, 400 when a
 * parameter does (`customer` of a new subscription, say).
 */
function missing(kind: string, objectId: string, param = 'id', status = 404): StripeApiError {
  return new StripeApiError(
    status,
    'invalid_request_error',
    `No such ${kind}: '${objectId}'`,
    'resource_missing',
    param,
  );
}

function integerParam(params: Params, name: string): number {
  const value = Number(params[name]);
  if (!Number.isInteger(value)) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Invalid integer: ${String(params[name])}`,
      'parameter_invalid_integer',
      name,
    );
  }
  return value;
}

interface FailureSpec {
  status: number;
  type?: string;
  message?: string;
  code?: string;
}

const toApiError = (e: FailureSpec) =>
  new StripeApiError(
    e.status,
    e.type ?? 'api_error',
    e.message ?? 'Something went wrong on Stripe’s end.',
    e.code,
  );

function listOf(data: unknown[], url: string) {
  return { object: 'list', data, has_more: false, url };
}

export async function startStripeStandIn({ secretKey = 'sk_test_standin' } = {}) {
  const paymentIntents = new Map<string, StripeObject>();
  const charges = new Map<string, StripeObject>();
  const customers = new Map<string, StripeObject>();
  const products = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const disputes = new Map<string, StripeObject>();
  /** Customers deleted through the API: Stripe answers a retrieve with `{deleted: true}`. */
  const deletedCustomers = new Set<string>();
  /** The invoice a PaymentIntent pays, when it pays one. */
  const invoiceOfIntent = new Map<string, string>();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  let failures: StripeApiError[] = [];
  /** How many of the next requests get no answer at all (a Stripe that hangs). */
  let hanging = 0;
  /** Failures for the next requests to one method and path (`failNextTo`). */
  const targetedFailures = new Map<string, StripeApiError[]>();

  function mustGet(map: Map<string, StripeObject>, kind: string, objectId: string) {
    const found = map.get(objectId);
    if (!found) throw missing(kind, objectId);
    return found;
  }

  // ---- rendering, with `expand` ------------------------------------------------------------

  function expansions(paths: string[], field: string) {
    return paths
      .filter((p) => p === field || p.startsWith(`${field}.`))
      .map((p) => p.slice(field.length + 1))
      .filter(Boolean);
  }
  const wants = (paths: string[], field: string) =>
    paths.some((p) => p === field || p.startsWith(`${field}.`));

  function renderIntent(pi: StripeObject, expand: string[] = []): StripeObject {
    const chargeId = pi.latest_charge as string | null;
    return {
      ...pi,
      latest_charge:
        chargeId && wants(expand, 'latest_charge')
          ? structuredClone(charges.get(chargeId)!)
          : chargeId,
    };
  }

  function renderInvoice(
    invoice: StripeObject,
    expand: string[] = [],
    apiVersion = STAND_IN_WEBHOOK_API_VERSION,
  ): StripeObject {
    const { confirmation_secret: secret, payments, ...rest } = structuredClone(invoice);
    if (isPreBasil(apiVersion)) {
      const { parent, ...older } = rest;
      const details = (
        parent as { subscription_details: { subscription: string; metadata: Params } }
      ).subscription_details;
      const payment = (payments as { data: { payment: { payment_intent: string } }[] }).data[0]!;
      const pi = paymentIntents.get(payment.payment.payment_intent);
      return {
        ...older,
        subscription: details.subscription,
        subscription_details: { metadata: details.metadata },
        payment_intent: payment.payment.payment_intent,
        charge: pi?.latest_charge ?? null,
        paid: invoice.status === 'paid',
      };
    }
    const rendered: StripeObject = { ...rest };
    if (wants(expand, 'confirmation_secret')) rendered.confirmation_secret = secret;
    if (wants(expand, 'payments')) rendered.payments = payments;
    return rendered;
  }

  function renderSubscription(sub: StripeObject, expand: string[] = []): StripeObject {
    const invoiceId = sub.latest_invoice as string | null;
    return {
      ...structuredClone(sub),
      latest_invoice:
        invoiceId && wants(expand, 'latest_invoice')
          ? renderInvoice(invoices.get(invoiceId)!, expansions(expand, 'latest_invoice'))
          : invoiceId,
    };
  }

  // ---- the API -----------------------------------------------------------------------------

  function createIntent(params: Params, extra: Partial<StripeObject> = {}): StripeObject {
    const amount = integerParam(params, 'amount');
    if (amount < 50) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Amount must be at least $0.50 usd',
        'amount_too_small',
        'amount',
      );
    }
    const piId = id('pi');
    const pi: StripeObject = {
      id: piId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: String(params.currency ?? 'usd'),
      status: 'requires_payment_method',
      client_secret: `${piId}_secret_${randomBytes(8).toString('hex')}`,
      customer: (params.customer as string | undefined) ?? null,
      description: (params.description as string | undefined) ?? null,
      metadata: (params.metadata as Params | undefined) ?? {},
      latest_charge: null,
      last_payment_error: null,
      receipt_email: (params.receipt_email as string | undefined) ?? null,
      automatic_payment_methods: { enabled: true },
      created: now(),
      livemode: false,
      ...extra,
    };
    paymentIntents.set(piId, pi);
    return pi;
  }

  function createInvoiceFor(sub: StripeObject, billingReason: string): StripeObject {
    const item = (sub.items as { data: { price: StripeObject }[] }).data[0]!;
    const amount = item.price.unit_amount as number;
    const customer = customers.get(sub.customer as string);
    const invoiceId = id('in');
    const pi = createIntent({ amount, currency: sub.currency }, { customer: sub.customer });
    invoiceOfIntent.set(pi.id, invoiceId);
    const invoice: StripeObject = {
      id: invoiceId,
      object: 'invoice',
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      attempt_count: 0,
      currency: sub.currency,
      customer: sub.customer,
      customer_email: customer?.email ?? null,
      billing_reason: billingReason,
      hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceId}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      status: 'open',
      // A first invoice waits for the browser; a renewal is charged about an hour after it opens.
      next_payment_attempt: billingReason === 'subscription_create' ? null : now() + 3600,
      status_transitions: { finalized_at: now(), paid_at: null, voided_at: null },
      confirmation_secret: { client_secret: pi.client_secret, type: 'payment_intent' },
      payments: listOf(
        [
          {
            id: id('inpay'),
            object: 'invoice_payment',
            amount_paid: null,
            amount_requested: amount,
            currency: sub.currency,
            invoice: invoiceId,
            is_default: true,
            payment: { type: 'payment_intent', payment_intent: pi.id },
            status: 'open',
            created: now(),
            livemode: false,
          },
        ],
        `/v1/invoice_payments?invoice=${invoiceId}`,
      ),
      created: now(),
      livemode: false,
    };
    invoices.set(invoiceId, invoice);
    sub.latest_invoice = invoiceId;
    return invoice;
  }

  function route(method: string, path: string, params: Params): StripeObject {
    const expand = Array.isArray(params.expand) ? (params.expand as string[]) : [];
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents')
      return renderIntent(createIntent(params), expand);
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const pi = paymentIntents.get(m[1]!);
      if (!pi) throw missing('payment_intent', m[1]!, 'intent');
      return renderIntent(pi, expand);
    }
    if (
      (m = path.match(/^\/v1\/customers\/([^/]+)$/)) &&
      (method === 'GET' || method === 'DELETE')
    ) {
      const customerId = m[1]!;
      if (method === 'GET' && deletedCustomers.has(customerId)) {
        return { id: customerId, object: 'customer', deleted: true };
      }
      const customer = structuredClone(mustGet(customers, 'customer', customerId));
      if (method === 'GET') return customer;
      return deleteCustomer(customerId);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/disputes\/([^/]+)$/))) {
      return structuredClone(mustGet(disputes, 'dispute', m[1]!));
    }
    if (method === 'GET' && path === '/v1/disputes') return listDisputes(params);
    if (method === 'POST' && path === '/v1/customers') {
      const customer: StripeObject = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/products\/([^/]+)$/))) {
      return structuredClone(mustGet(products, 'product', m[1]!));
    }
    if (method === 'POST' && path === '/v1/products') {
      const productId = (params.id as string | undefined) ?? id('prod');
      if (products.has(productId)) {
        throw new StripeApiError(
          400,
          'invalid_request_error',
          `Product already exists.`,
          'resource_already_exists',
          'id',
        );
      }
      const product: StripeObject = {
        id: productId,
        object: 'product',
        name: params.name,
        active: true,
        created: now(),
        livemode: false,
      };
      products.set(productId, product);
      return product;
    }
    if (method === 'POST' && path === '/v1/subscriptions')
      return createSubscription(params, expand);
    if (method === 'GET' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      return renderSubscription(mustGet(subscriptions, 'subscription', m[1]!), expand);
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/invoices\/([^/]+)$/))) {
      return renderInvoice(mustGet(invoices, 'invoice', m[1]!), expand);
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions')
      return createPortalSession(params);
    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}).`,
    );
  }

  /** A customer deleted: Stripe cancels its subscriptions at once. */
  function deleteCustomer(customerId: string): StripeObject {
    mustGet(customers, 'customer', customerId);
    customers.delete(customerId);
    deletedCustomers.add(customerId);
    for (const sub of subscriptions.values()) {
      if (sub.customer === customerId && sub.status !== 'canceled') {
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      }
    }
    return { id: customerId, object: 'customer', deleted: true };
  }

  /** `GET /v1/disputes`: newest first, filtered by `payment_intent` or `charge`. */
  function listDisputes(params: Params): StripeObject {
    const limit = params.limit === undefined ? 10 : integerParam(params, 'limit');
    if (limit < 1 || limit > 100) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'This value must be greater than or equal to 1 and less than or equal to 100.',
        'parameter_invalid_integer',
        'limit',
      );
    }
    const found = [...disputes.values()]
      .filter(
        (d) => params.payment_intent === undefined || d.payment_intent === params.payment_intent,
      )
      .filter((d) => params.charge === undefined || d.charge === params.charge)
      .sort((a, b) => (b.created as number) - (a.created as number));
    return {
      ...listOf(structuredClone(found.slice(0, limit)), '/v1/disputes'),
      has_more: found.length > limit,
    } as unknown as StripeObject;
  }

  function createSubscription(params: Params, expand: string[]): StripeObject {
    const customerId = String(params.customer ?? '');
    if (!customers.has(customerId)) throw missing('customer', customerId, 'customer', 400);
    const items = params.items as { price_data?: Params }[] | undefined;
    const priceData = items?.[0]?.price_data as (Params & { recurring?: Params }) | undefined;
    if (!priceData)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: items.',
        'parameter_missing',
        'items',
      );
    const productId = String(priceData.product);
    if (!products.has(productId))
      throw missing('product', productId, 'items[0][price_data][product]');
    const sub: StripeObject = {
      id: id('sub'),
      object: 'subscription',
      customer: customerId,
      currency: String(priceData.currency),
      status: 'incomplete',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      metadata: params.metadata ?? {},
      payment_behavior: params.payment_behavior,
      items: listOf(
        [
          {
            id: id('si'),
            object: 'subscription_item',
            quantity: 1,
            price: {
              id: id('price'),
              object: 'price',
              currency: String(priceData.currency),
              product: productId,
              unit_amount: integerParam(priceData, 'unit_amount'),
              recurring: { interval: priceData.recurring?.interval, interval_count: 1 },
            },
          },
        ],
        '/v1/subscription_items',
      ),
      latest_invoice: null,
      created: now(),
      livemode: false,
    };
    subscriptions.set(sub.id, sub);
    createInvoiceFor(sub, 'subscription_create');
    return renderSubscription(sub, expand);
  }

  /** A customer-portal session: its `url` is short-lived and logs the customer in. */
  function createPortalSession(params: Params): StripeObject {
    if (params.customer === undefined) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: customer.',
        'parameter_missing',
        'customer',
      );
    }
    const customerId = String(params.customer);
    if (!customers.has(customerId)) throw missing('customer', customerId, 'customer', 400);
    const sessionId = id('bps');
    return {
      id: sessionId,
      object: 'billing_portal.session',
      configuration: 'bpc_standin_default',
      created: now(),
      customer: customerId,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: (params.locale as string | undefined) ?? null,
      on_behalf_of: null,
      return_url: (params.return_url as string | undefined) ?? null,
      // Stripe's own host: the manage page's Content-Security-Policy lets its form go there only.
      url: `https://billing.stripe.com/p/session/test_${sessionId}`,
    };
  }

  // ---- HTTP --------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const method = req.method ?? 'GET';
    const params = method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({
      method,
      path: url.pathname,
      params,
      idempotencyKey,
      stripeVersion: req.headers['stripe-version'] as string | undefined,
    });
    const send = (status: number, body: string, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(body);
    };
    const sendError = (error: StripeApiError) =>
      send(
        error.status,
        JSON.stringify({
          error: {
            type: error.type,
            message: error.message,
            ...(error.code ? { code: error.code } : {}),
            ...(error.param ? { param: error.param } : {}),
          },
        }),
      );

    if (hanging > 0) {
      // Read, never answered: the connection stays open until the client gives up (or close).
      hanging--;
      return;
    }
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return sendError(
        new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided.'),
      );
    }
    const fingerprint = `${method} ${url.pathname} ${raw}`;
    if (method === 'POST' && idempotencyKey) {
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return sendError(
          new StripeApiError(
            400,
            'idempotency_error',
            `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          ),
        );
      }
      if (earlier) return send(earlier.status, earlier.body, true);
    }
    const failure = failures.shift() ?? targetedFailures.get(`${method} ${url.pathname}`)?.shift();
    if (failure) return sendError(failure);
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(route(method, url.pathname, params));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      body = JSON.stringify({
        error: { type: error.type, message: error.message, code: error.code, param: error.param },
      });
    }
    // Stripe keeps the answer of a keyed POST, errors included (but not 5xx).
    if (method === 'POST' && idempotencyKey && status < 500) {
      idempotent.set(idempotencyKey, { fingerprint, status, body });
    }
    send(status, body);
  }

  const server = await startLocalServer((req, res) =>
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    }),
  );

  // ---- Stripe's side, played by the tests --------------------------------------------------

  function chargeFor(pi: StripeObject): StripeObject {
    const chargeId = pi.latest_charge as string | null;
    if (!chargeId) throw new Error(`stand-in: ${pi.id} has no charge yet`);
    return charges.get(chargeId)!;
  }

  const standIn = {
    secretKey,
    url: server.url,
    requests,
    /** Requests of one method whose path starts with `prefix`. */
    requestsTo(method: string, prefix: string) {
      return requests.filter((r) => r.method === method && r.path.startsWith(prefix));
    },
    /** The next API calls answer with these errors (e.g. 500 api_error), one each. */
    failNext(...errors: FailureSpec[]) {
      failures = errors.map(toApiError);
    },
    /** The next calls of one method to one path (`POST /v1/subscriptions`) fail, one each. */
    failNextTo(method: string, path: string, ...errors: FailureSpec[]) {
      targetedFailures.set(`${method} ${path}`, errors.map(toApiError));
    },
    /** The next `count` API requests are read and never answered (until `close`). */
    hang(count = 1) {
      hanging = count;
    },
    paymentIntent: (piId: string) => renderIntent(mustGet(paymentIntents, 'payment_intent', piId)),
    /** An invoice as an event of the endpoint's API version carries it (default: the SDK's). */
    invoice: (invoiceId: string, { apiVersion = STAND_IN_WEBHOOK_API_VERSION } = {}) =>
      renderInvoice(mustGet(invoices, 'invoice', invoiceId), [], apiVersion),
    /** The customer is deleted (in Stripe's dashboard, say). */
    deleteCustomer: (customerId: string) => void deleteCustomer(customerId),
    /** The charge of a paid PaymentIntent, as Stripe holds it (`disputed`, refunds). */
    chargeOf: (piId: string) =>
      structuredClone(chargeFor(mustGet(paymentIntents, 'payment_intent', piId))),
    /** Whether Stripe still has this customer (not deleted). */
    hasCustomer: (customerId: string) => customers.has(customerId),
    /** Customers ever made, deleted ones included, by id. */
    customerIds: () => [...customers.keys(), ...deletedCustomers],
    subscription: (subId: string) =>
      renderSubscription(mustGet(subscriptions, 'subscription', subId)),
    /** The PaymentIntent whose client secret the site handed out. */
    intentOfClientSecret(clientSecret: string) {
      const found = [...paymentIntents.values()].find((pi) => pi.client_secret === clientSecret);
      if (!found) throw new Error('stand-in: no PaymentIntent has that client secret');
      return renderIntent(found);
    },
    /** The donor's card is charged: the intent succeeds (and its invoice is paid). */
    pay(piId: string, { billingEmail = null as string | null } = {}) {
      const pi = mustGet(paymentIntents, 'payment_intent', piId);
      const charge: StripeObject = {
        id: id('ch'),
        object: 'charge',
        amount: pi.amount,
        amount_captured: pi.amount,
        amount_refunded: 0,
        refunded: false,
        disputed: false,
        paid: true,
        captured: true,
        status: 'succeeded',
        currency: pi.currency,
        payment_intent: pi.id,
        billing_details: { email: billingEmail, name: null },
        created: now(),
        livemode: false,
      };
      charges.set(charge.id, charge);
      Object.assign(pi, {
        status: 'succeeded',
        amount_received: pi.amount,
        latest_charge: charge.id,
        last_payment_error: null,
      });
      const invoiceId = invoiceOfIntent.get(pi.id);
      if (invoiceId) {
        const invoice = invoices.get(invoiceId)!;
        const payment = (invoice.payments as { data: Params[] }).data[0]!;
        Object.assign(payment, { status: 'paid', amount_paid: pi.amount });
        Object.assign(invoice, {
          status: 'paid',
          amount_paid: pi.amount,
          amount_remaining: 0,
          next_payment_attempt: null,
          attempt_count: (invoice.attempt_count as number) + 1,
          status_transitions: { ...(invoice.status_transitions as Params), paid_at: now() },
        });
        const sub = subscriptions.get(
          (invoice.parent as { subscription_details: { subscription: string } })
            .subscription_details.subscription,
        )!;
        sub.status = 'active';
      }
      return renderIntent(pi);
    },
    /** The card is declined: the intent wants another payment method (its invoice stays open). */
    decline(piId: string, message = 'Your card was declined.') {
      const pi = mustGet(paymentIntents, 'payment_intent', piId);
      Object.assign(pi, {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message,
        },
      });
      const invoiceId = invoiceOfIntent.get(pi.id);
      if (invoiceId) {
        const invoice = invoices.get(invoiceId)!;
        invoice.attempt_count = (invoice.attempt_count as number) + 1;
        const sub = subscriptions.get(
          (invoice.parent as { subscription_details: { subscription: string } })
            .subscription_details.subscription,
        )!;
        if (invoice.billing_reason !== 'subscription_create') {
          sub.status = 'past_due';
          // Smart Retries: the next try a few days on.
          invoice.next_payment_attempt = now() + 3 * 24 * 3600;
        }
      }
      return renderIntent(pi);
    },
    /** A refund of the charge, whole by default. Returns the charge. */
    refund(piId: string, amount?: number) {
      const charge = chargeFor(mustGet(paymentIntents, 'payment_intent', piId));
      const refunded = Math.min(
        charge.amount as number,
        (charge.amount_refunded as number) + (amount ?? (charge.amount as number)),
      );
      Object.assign(charge, { amount_refunded: refunded, refunded: refunded === charge.amount });
      return structuredClone(charge);
    },
    /**
     * The donor's bank disputes the charge: a chargeback (`needs_response`, the money taken
     * back) unless `status` says otherwise (an inquiry, `warning_needs_response`, takes
     * nothing). Returns the dispute.
     */
    dispute(piId: string, { status = 'needs_response' } = {}) {
      const charge = chargeFor(mustGet(paymentIntents, 'payment_intent', piId));
      charge.disputed = true;
      const dispute = {
        id: id('dp'),
        object: 'dispute',
        amount: charge.amount,
        balance_transactions: [],
        currency: charge.currency,
        charge: charge.id,
        enhanced_eligibility_types: [],
        evidence_details: {
          due_by: now() + 7 * 24 * 3600,
          has_evidence: false,
          past_due: false,
          submission_count: 0,
        },
        is_charge_refundable: false,
        metadata: {},
        payment_intent: piId,
        reason: 'fraudulent',
        status,
        created: now(),
        livemode: false,
      } satisfies StripeObject;
      disputes.set(dispute.id, dispute);
      return structuredClone(dispute);
    },
    /**
     * The dispute moves on (`won`, `lost`, `under_review`, an inquiry escalated to
     * `needs_response`…). As at Stripe, the charge stays `disputed: true` whatever the outcome.
     * Returns the dispute.
     */
    updateDispute(disputeId: string, status: string) {
      const dispute = mustGet(disputes, 'dispute', disputeId);
      dispute.status = status;
      return structuredClone(dispute);
    },
    /**
     * A monthly gift's first payment was never made: after about a day Stripe expires the
     * subscription (`incomplete_expired`), voids its first invoice and cancels that invoice's
     * PaymentIntent. Returns the three as they are then.
     */
    expireSubscription(subId: string) {
      const sub = mustGet(subscriptions, 'subscription', subId);
      if (sub.status !== 'incomplete') {
        throw new Error(`stand-in: only an incomplete subscription expires (${sub.status})`);
      }
      const invoice = invoices.get(sub.latest_invoice as string)!;
      const payment = (invoice.payments as { data: { payment: { payment_intent: string } }[] })
        .data[0]!;
      const pi = paymentIntents.get(payment.payment.payment_intent)!;
      sub.status = 'incomplete_expired';
      sub.ended_at = now();
      Object.assign(invoice, {
        status: 'void',
        amount_remaining: 0,
        next_payment_attempt: null,
        status_transitions: { ...(invoice.status_transitions as Params), voided_at: now() },
      });
      Object.assign(pi, {
        status: 'canceled',
        canceled_at: now(),
        cancellation_reason: 'void_invoice',
      });
      return {
        subscription: renderSubscription(sub),
        invoice: renderInvoice(invoice),
        paymentIntent: renderIntent(pi),
      };
    },
    /** A new billing period: Stripe drafts and finalizes the next invoice. */
    renew(subId: string) {
      const sub = mustGet(subscriptions, 'subscription', subId);
      return renderInvoice(createInvoiceFor(sub, 'subscription_cycle'));
    },
    /** The PaymentIntent of an invoice (its first payment). */
    intentOfInvoice(invoiceId: string) {
      const invoice = mustGet(invoices, 'invoice', invoiceId);
      const payment = (invoice.payments as { data: { payment: { payment_intent: string } }[] })
        .data[0]!;
      return renderIntent(paymentIntents.get(payment.payment.payment_intent)!);
    },
    cancelSubscription(subId: string) {
      const sub = mustGet(subscriptions, 'subscription', subId);
      Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      return renderSubscription(sub);
    },
    /**
     * A webhook event carrying a snapshot of `object`, as Stripe sends it to an endpoint set to
     * `apiVersion` (render the object in that version too: `invoice(id, {apiVersion})`).
     */
    event(
      type: string,
      object: StripeObject,
      { created = now(), apiVersion = STAND_IN_WEBHOOK_API_VERSION as string | null } = {},
    ) {
      return {
        id: id('evt'),
        object: 'event',
        api_version: apiVersion,
        created,
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      };
    },
    close: server.close,
  };
  return standIn;
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
export type StripeEventPayload = ReturnType<StripeStandIn['event']>;
