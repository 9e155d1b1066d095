import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RetryLaterError } from '~/server/jobs/run-claimed-job';
import {
  donationFieldId,
  ghlTestSettings,
  startGhlStandIn,
  type GhlStandIn,
} from '~tests/helpers/ghl-stand-in';
import { createGhlClient, GhlError, retryAfterMs, type GhlSettings } from './ghl-client';

let standIn: GhlStandIn;
let settings: GhlSettings;
beforeAll(async () => {
  standIn = await startGhlStandIn();
  settings = { apiBase: standIn.url, ...ghlTestSettings };
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.contacts.clear();
  standIn.setRemaining(99);
});

/** A client whose waits are recorded, not slept; its clock moves by what it waited. */
function clientWithWaits(options: { maxWaitMs?: number } = {}) {
  const waits: number[] = [];
  // A clock that moves only when the client sleeps: real milliseconds passing between two
  // requests would shorten the expected wait (CI once saw 9,999 ms for 10,000).
  const start = Date.now();
  let offset = 0;
  const client = createGhlClient(settings, {
    ...options,
    now: () => start + offset,
    sleep: async (ms) => {
      waits.push(ms);
      offset += ms;
    },
  });
  return { client, waits };
}

describe('the GoHighLevel client', () => {
  it('sends the bearer token and Version 2021-07-28 on every request', async () => {
    const { client } = clientWithWaits();
    const id = await client.upsertContact({ email: 'a@example.org', name: 'Ada Lovelace' });
    await client.addTags(id, ['donor']);
    await client.listContacts(10);
    await client.findContactByEmail('a@example.org');
    expect(standIn.requests.length).toBeGreaterThanOrEqual(4);
    for (const request of standIn.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${ghlTestSettings.token}`);
      expect(request.headers.version).toBe('2021-07-28');
      expect(request.answer).toBeLessThan(300);
    }
    expect(standIn.byEmail('a@example.org')).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      tags: ['donor'],
    });
  });

  it('upserts without tags (they would replace the contact’s), then adds them', async () => {
    const { client } = clientWithWaits();
    standIn.seed({ email: 'kept@example.org', tags: ['vip'] });
    const id = await client.upsertContact({ email: 'kept@example.org', donationAmountCents: 3600 });
    await client.addTags(id, ['donor']);
    const upsert = standIn.requests.find((r) => r.path === '/contacts/upsert')!;
    expect(upsert.body).toEqual({
      locationId: ghlTestSettings.locationId,
      email: 'kept@example.org',
      customFields: [{ key: 'donation_amount', field_value: 3600 }],
    });
    expect(standIn.byEmail('kept@example.org')!.tags).toEqual(['vip', 'donor']);
  });

  it('reads contacts with their tags and last gift (the custom field’s id looked up once)', async () => {
    const { client } = clientWithWaits();
    standIn.seed({
      email: 'rivka@example.org',
      firstName: 'Rivka',
      tags: ['donor', 'newsletter', 'member-flame'],
      customFields: [{ id: donationFieldId, value: 7200 }],
    });
    const { contacts, total } = await client.listContacts(50);
    expect(total).toBe(1);
    expect(contacts[0]).toMatchObject({
      firstName: 'Rivka',
      email: 'rivka@example.org',
      tags: ['donor', 'newsletter', 'member-flame'],
      customFields: { donation_amount: 7200 },
    });
    await client.findContactByEmail('rivka@example.org');
    expect(standIn.requests.filter((r) => r.path.endsWith('/customFields'))).toHaveLength(1);
    expect(await client.findContactByEmail('nobody@example.org')).toBeNull();
  });

  it('refuses with the reason GHL gives: 401 for a wrong token, 404 for an unknown contact', async () => {
    const wrong = createGhlClient({ ...settings, token: 'pit-wrong' });
    await expect(wrong.listContacts(1)).rejects.toThrow(
      new GhlError(
        401,
        'GoHighLevel refused the token (401): Invalid token: access token is invalid',
      ),
    );
    const { client } = clientWithWaits();
    const failure = await client.addTags('ctUnknown', ['donor']).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(GhlError);
    expect(failure).toMatchObject({ status: 404 });
  });

  it('says when GHL cannot be reached', async () => {
    const unreachable = createGhlClient({ ...settings, apiBase: 'http://127.0.0.1:1' });
    await expect(unreachable.listContacts(1)).rejects.toMatchObject({ status: null });
  });

  it('waits out a 429’s Retry-After and tries again', async () => {
    const { client, waits } = clientWithWaits();
    standIn.answerNext({ status: 429, retryAfter: '2' });
    await client.upsertContact({ email: 'b@example.org' });
    expect(waits).toEqual([2000]);
    expect(standIn.requests.map((r) => r.answer)).toEqual([429, 200]);
  });

  it('leaves a long Retry-After to the outbox (RetryLaterError), and gives up after three 429s', async () => {
    const { client, waits } = clientWithWaits();
    standIn.answerNext({ status: 429, retryAfter: '120' });
    const failure = await client.upsertContact({ email: 'c@example.org' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RetryLaterError);
    expect(failure).toMatchObject({ retryAfterMs: 120_000 });
    expect(waits).toEqual([]);

    standIn.answerNext({ status: 429 }, { status: 429 }, { status: 429 });
    const again = clientWithWaits();
    const third = await again.client.upsertContact({ email: 'c@example.org' }).catch((e) => e);
    expect(third).toBeInstanceOf(RetryLaterError);
    // Without Retry-After, the rate-limit interval (10 s) is the wait.
    expect(again.waits).toEqual([10_000, 10_000]);
  });

  it('pauses for the interval when X-RateLimit-Remaining reaches 0', async () => {
    const { client, waits } = clientWithWaits();
    standIn.setRemaining(0);
    await client.upsertContact({ email: 'd@example.org' });
    expect(waits).toEqual([]);
    standIn.setRemaining(50);
    await client.listContacts(5);
    expect(waits).toEqual([10_000]);
  });

  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Tue, 01 Jan 2030 00:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
