import type { Env } from '~/server/env';
import { RetryLaterError } from '~/server/jobs/run-claimed-job';

/**
 * A small typed client for GoHighLevel's API v2 (services.leadconnectorhq.com) over fetch, for
 * the calls this site makes: search and list contacts, find one by email, upsert one, add and
 * remove tags, read the location's custom fields. Every request carries the private integration
 * token as a bearer and `Version: 2021-07-28`.
 *
 * Rate limits: GHL allows bursts of 100 requests per 10 s per location and says where a caller
 * stands in `X-RateLimit-Remaining` / `X-RateLimit-Interval-Milliseconds`. With none left, the
 * next request waits out the interval; a 429 waits its `Retry-After` (or the interval) and tries
 * again, twice at most, and only while the wait is short; longer, it throws a RetryLaterError
 * and the outbox job comes back when GHL said to.
 */

export const GHL_API_VERSION = '2021-07-28';
export const GHL_DONATION_FIELD_KEY = 'donation_amount';

export interface GhlSettings {
  apiBase: string;
  token: string;
  locationId: string;
}

/** The GHL settings, or null when GoHighLevel is not configured. */
export function ghlSettings(env: Env): GhlSettings | null {
  if (!env.GHL_TOKEN || !env.GHL_LOCATION_ID) return null;
  return { apiBase: env.GHL_API_BASE, token: env.GHL_TOKEN, locationId: env.GHL_LOCATION_ID };
}

/** A contact as the dashboard shows it (spec 3, CRM contact). */
export interface CrmContact {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  tags: string[];
  customFields: { donation_amount: number | null };
  dateAdded: string | null;
}

/** GHL answered with an error, or could not be reached (`status` null). */
export class GhlError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'GhlError';
  }
}

export interface GhlClientOptions {
  /** Waits (tests record them instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  timeoutMs?: number;
  /** The longest wait honoured in-process; longer ones are left to the outbox. */
  maxWaitMs?: number;
}

type Json = Record<string, unknown>;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in seconds or as an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function describeFailure(status: number, body: string): string {
  let detail = '';
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    const message = Array.isArray(parsed.message) ? parsed.message.join(', ') : parsed.message;
    if (typeof message === 'string') detail = `: ${message.slice(0, 200)}`;
  } catch {
    // not JSON
  }
  if (status === 401) return `GoHighLevel refused the token (401)${detail}`;
  if (status === 403) return `The token may not do this (403)${detail}`;
  if (status === 404) return `GoHighLevel found nothing there (404)${detail}`;
  if (status === 429) return 'GoHighLevel is rate limiting this site (429)';
  return `GoHighLevel answered ${status}${detail}`;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function createGhlClient(settings: GhlSettings, options: GhlClientOptions = {}) {
  const { sleep = realSleep, now = Date.now, timeoutMs = 15_000, maxWaitMs = 15_000 } = options;
  let pausedUntil = 0;
  let donationFieldId: Promise<string | null> | undefined;

  function notePauses(response: Response) {
    const remaining = response.headers.get('x-ratelimit-remaining');
    const interval = Number(response.headers.get('x-ratelimit-interval-milliseconds'));
    if (remaining !== null && Number(remaining) <= 0 && interval > 0) {
      pausedUntil = Math.max(pausedUntil, now() + interval);
    }
  }

  async function waitOrDefer(waitMs: number) {
    if (waitMs <= 0) return;
    if (waitMs > maxWaitMs) {
      throw new RetryLaterError('GoHighLevel is rate limiting this site (429)', waitMs);
    }
    await sleep(waitMs);
  }

  async function request(method: string, path: string, body?: Json): Promise<Json> {
    for (let attempt = 1; ; attempt += 1) {
      await waitOrDefer(pausedUntil - now());
      let response: Response;
      try {
        response = await fetch(`${settings.apiBase}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${settings.token}`,
            version: GHL_API_VERSION,
            accept: 'application/json',
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'error';
        throw new GhlError(null, `GoHighLevel could not be reached (${reason})`);
      }
      const raw = await response.text();
      if (response.status !== 429) notePauses(response);
      if (response.ok) return raw ? (JSON.parse(raw) as Json) : {};
      if (response.status === 429) {
        // Retry-After, when given, says exactly when: it overrides the interval's pause.
        const interval = Number(response.headers.get('x-ratelimit-interval-milliseconds'));
        const wait =
          retryAfterMs(response.headers.get('retry-after'), now()) ??
          (interval > 0 ? interval : 10_000);
        pausedUntil = now() + wait;
        if (attempt < 3) continue;
        throw new RetryLaterError(describeFailure(429, raw), wait);
      }
      throw new GhlError(response.status, describeFailure(response.status, raw));
    }
  }

  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

  async function donationField(): Promise<string | null> {
    donationFieldId ??= request('GET', `/locations/${settings.locationId}/customFields`)
      .then(({ customFields }) => {
        const fields = Array.isArray(customFields) ? (customFields as Json[]) : [];
        const field = fields.find(
          (f) =>
            f.fieldKey === `contact.${GHL_DONATION_FIELD_KEY}` ||
            f.fieldKey === GHL_DONATION_FIELD_KEY,
        );
        return text(field?.id);
      })
      // Showing the contacts matters more than showing their last gift.
      .catch(() => null);
    return donationFieldId;
  }

  async function toContact(raw: Json): Promise<CrmContact> {
    const fieldId = await donationField();
    const fields = Array.isArray(raw.customFields) ? (raw.customFields as Json[]) : [];
    const donation = fields.find(
      (f) => (fieldId !== null && f.id === fieldId) || f.key === GHL_DONATION_FIELD_KEY,
    );
    const amount = Number(donation?.value ?? donation?.field_value);
    return {
      id: String(raw.id),
      firstName: text(raw.firstName),
      lastName: text(raw.lastName),
      email: text(raw.email),
      phone: text(raw.phone),
      tags: Array.isArray(raw.tags) ? raw.tags.filter((t) => typeof t === 'string') : [],
      customFields: { donation_amount: Number.isFinite(amount) && donation ? amount : null },
      dateAdded: text(raw.dateAdded),
    };
  }

  return {
    /** The location's newest contacts (`POST /contacts/search`), at most `limit` (1 to 100). */
    async listContacts(limit: number): Promise<{ contacts: CrmContact[]; total: number }> {
      const answer = await request('POST', '/contacts/search', {
        locationId: settings.locationId,
        pageLimit: limit,
        page: 1,
        sort: [{ field: 'dateAdded', direction: 'desc' }],
      });
      const raw = Array.isArray(answer.contacts) ? (answer.contacts as Json[]) : [];
      const contacts = await Promise.all(raw.slice(0, limit).map(toContact));
      return { contacts, total: typeof answer.total === 'number' ? answer.total : contacts.length };
    },

    /** The contact with this email (`GET /contacts/search/duplicate`), or null. */
    async findContactByEmail(email: string): Promise<CrmContact | null> {
      try {
        const answer = await request(
          'GET',
          `/contacts/search/duplicate?${query({ locationId: settings.locationId, email })}`,
        );
        const contact = answer.contact as Json | null | undefined;
        return contact && contact.id ? toContact(contact) : null;
      } catch (error) {
        if (error instanceof GhlError && error.status === 404) return null;
        throw error;
      }
    },

    /**
     * Creates or updates the contact matched by email (`POST /contacts/upsert`). Tags are not
     * sent here: in an upsert they replace the contact's tags.
     */
    async upsertContact(contact: {
      email: string;
      name?: string | null;
      firstName?: string | null;
      lastName?: string | null;
      phone?: string | null;
      donationAmountCents?: number | null;
    }): Promise<string> {
      const body: Json = { locationId: settings.locationId, email: contact.email };
      for (const key of ['name', 'firstName', 'lastName', 'phone'] as const) {
        if (contact[key]) body[key] = contact[key];
      }
      if (contact.donationAmountCents != null) {
        body.customFields = [
          { key: GHL_DONATION_FIELD_KEY, field_value: contact.donationAmountCents },
        ];
      }
      const answer = await request('POST', '/contacts/upsert', body);
      const id = text((answer.contact as Json | undefined)?.id);
      if (!id) throw new GhlError(200, 'GoHighLevel answered the upsert without a contact id');
      return id;
    },

    async addTags(contactId: string, tags: string[]) {
      await request('POST', `/contacts/${encodeURIComponent(contactId)}/tags`, { tags });
    },

    async removeTags(contactId: string, tags: string[]) {
      await request('DELETE', `/contacts/${encodeURIComponent(contactId)}/tags`, { tags });
    },
  };
}

export type GhlClient = ReturnType<typeof createGhlClient>;
