import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, startLocalServer } from './local-server';

/**
 * A local stand-in for GoHighLevel's API v2 on 127.0.0.1, for the calls this site makes:
 * `POST /contacts/search`, `GET /contacts/search/duplicate`, `POST /contacts/upsert`,
 * `POST|DELETE /contacts/:id/tags`, `GET /locations/:id/customFields`. It checks what GHL checks
 * (a bearer token it knows: 401 otherwise; `Version: 2021-07-28`: 400 otherwise; the location:
 * 403 otherwise), answers 404 for an unknown contact or path, sends the rate-limit headers on
 * every answer, and takes orders from the test: `answerNext` (a status, 429 with Retry-After, or
 * a dropped connection), `down`/`up`. Contacts live in memory; every request is kept.
 */

export const ghlTestSettings = {
  token: 'pit-standin-0000-token',
  locationId: 'standinLocation01',
};

export const donationFieldId = 'fldDonationAmount';

export interface GhlStandInContact {
  id: string;
  locationId: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  tags: string[];
  customFields: { id: string; value: unknown }[];
  dateAdded: string;
}

export interface GhlRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** The status answered, or `drop`. */
  answer: number | 'drop';
}

export type GhlAnswer = number | 'drop' | { status: 429; retryAfter?: string };

export interface GhlStandIn {
  /** As GHL_API_BASE takes it. */
  url: string;
  requests: GhlRequest[];
  contacts: Map<string, GhlStandInContact>;
  /** The contact with this email, if any. */
  byEmail(email: string): GhlStandInContact | undefined;
  /** The next requests get these answers, in order; then the real ones again. */
  answerNext(...answers: GhlAnswer[]): void;
  /** `X-RateLimit-Remaining` on the next answers (default 99). */
  setRemaining(remaining: number): void;
  /** Adds a contact directly, as if created in GHL. */
  seed(contact: Partial<GhlStandInContact> & { email: string }): GhlStandInContact;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startGhlStandIn(): Promise<GhlStandIn> {
  const requests: GhlRequest[] = [];
  const contacts = new Map<string, GhlStandInContact>();
  const queued: GhlAnswer[] = [];
  let remaining = 99;

  const byEmail = (email: string) =>
    [...contacts.values()].find((c) => c.email === email.toLowerCase());

  function seed(contact: Partial<GhlStandInContact> & { email: string }) {
    const row: GhlStandInContact = {
      id: `ct${randomBytes(6).toString('hex')}`,
      locationId: ghlTestSettings.locationId,
      firstName: null,
      lastName: null,
      phone: null,
      tags: [],
      customFields: [],
      dateAdded: new Date().toISOString(),
      ...contact,
      email: contact.email.toLowerCase(),
    };
    contacts.set(row.id, row);
    return row;
  }

  function upsert(body: Record<string, unknown>) {
    const email = String(body.email ?? '').toLowerCase();
    const existing = byEmail(email);
    const contact = existing ?? seed({ email });
    const name = typeof body.name === 'string' ? body.name : null;
    contact.firstName =
      (body.firstName as string) ?? contact.firstName ?? name?.split(' ')[0] ?? null;
    contact.lastName =
      (body.lastName as string) ??
      contact.lastName ??
      (name?.split(' ').slice(1).join(' ') || null);
    contact.phone = (body.phone as string) ?? contact.phone;
    // Tags in an upsert replace the contact's tags, as GHL documents.
    if (Array.isArray(body.tags)) contact.tags = body.tags as string[];
    for (const field of (body.customFields as {
      key?: string;
      id?: string;
      field_value: unknown;
    }[]) ?? []) {
      const id =
        field.key === 'donation_amount' ? donationFieldId : (field.id ?? String(field.key));
      contact.customFields = contact.customFields.filter((f) => f.id !== id);
      contact.customFields.push({ id, value: field.field_value });
    }
    return { new: !existing, contact, traceId: randomBytes(8).toString('hex') };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const text = await readBody(req);
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // answered 400 below
    }
    const request: GhlRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body,
      answer: 200,
    };
    requests.push(request);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      request.answer = status;
      res.writeHead(status, {
        'content-type': 'application/json',
        'x-ratelimit-max': '100',
        'x-ratelimit-interval-milliseconds': '10000',
        'x-ratelimit-remaining': String(remaining),
        'x-ratelimit-limit-daily': '200000',
        'x-ratelimit-daily-remaining': '199000',
        ...headers,
      });
      res.end(JSON.stringify(payload));
    };
    const error = (status: number, message: string) =>
      send(status, { statusCode: status, message });

    if (req.headers.authorization !== `Bearer ${ghlTestSettings.token}`) {
      return send(401, {
        statusCode: 401,
        message: 'Invalid token: access token is invalid',
        error: 'Unauthorized',
      });
    }
    if (req.headers.version !== '2021-07-28')
      return error(400, 'Version header is missing or invalid');
    if (text && Object.keys(body).length === 0) return error(400, 'Bad Request');

    const next = queued.shift();
    if (next === 'drop') {
      request.answer = 'drop';
      req.socket.destroy();
      return;
    }
    if (typeof next === 'object') {
      return send(
        429,
        { statusCode: 429, message: 'Too many requests' },
        {
          'x-ratelimit-remaining': '0',
          ...(next.retryAfter ? { 'retry-after': next.retryAfter } : {}),
        },
      );
    }
    if (typeof next === 'number') return error(next, `Stand-in answer ${next}`);

    const location = (body.locationId ?? url.searchParams.get('locationId')) as string | null;
    const wrongLocation = location !== null && location !== ghlTestSettings.locationId;
    const route = `${request.method} ${url.pathname}`;
    const contactTags = /^(POST|DELETE) \/contacts\/([^/]+)\/tags$/.exec(route);

    if (route === 'POST /contacts/search') {
      if (wrongLocation || !location)
        return error(403, 'The token does not have access to this location');
      const all = [...contacts.values()].sort((a, b) => b.dateAdded.localeCompare(a.dateAdded));
      const limit = Number(body.pageLimit ?? 20);
      return send(200, { contacts: all.slice(0, limit), total: all.length });
    }
    if (route === 'GET /contacts/search/duplicate') {
      if (wrongLocation || !location)
        return error(403, 'The token does not have access to this location');
      return send(200, { contact: byEmail(url.searchParams.get('email') ?? '') ?? null });
    }
    if (route === 'POST /contacts/upsert') {
      if (wrongLocation || !location)
        return error(403, 'The token does not have access to this location');
      if (typeof body.email !== 'string') return error(422, 'email must be an email');
      return send(200, upsert(body));
    }
    if (contactTags) {
      const contact = contacts.get(decodeURIComponent(contactTags[2]!));
      if (!contact) return error(404, 'Contact not found');
      const tags = (body.tags as string[]) ?? [];
      if (contactTags[1] === 'POST') {
        contact.tags = [...new Set([...contact.tags, ...tags])];
        return send(201, { tags: contact.tags });
      }
      contact.tags = contact.tags.filter((t) => !tags.includes(t));
      return send(200, { tags: contact.tags });
    }
    if (route === `GET /locations/${ghlTestSettings.locationId}/customFields`) {
      return send(200, {
        customFields: [
          {
            id: donationFieldId,
            name: 'Donation Amount',
            fieldKey: 'contact.donation_amount',
            dataType: 'NUMERICAL',
          },
        ],
      });
    }
    return error(404, `Cannot ${route}`);
  }

  const server = await startLocalServer(handle);

  return {
    url: server.url,
    requests,
    contacts,
    byEmail,
    answerNext: (...answers) => void queued.push(...answers),
    setRemaining: (n) => void (remaining = n),
    seed,
    down: server.down,
    up: server.up,
    close: server.close,
  };
}
