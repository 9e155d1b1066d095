import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, prayerNames } from '~/db/schema';
import { buildTestApp } from '~tests/helpers/app';
import { drainJobs } from '~tests/helpers/integrations';
import { pageData, postPageForm } from '~tests/helpers/page-forms';
import {
  HEBREW,
  MOTHER,
  aName,
  activeMember,
  namesSession,
  withSession,
} from '~tests/helpers/prayer-names';
import { prayerLinkMessages } from './magic-link';

// The names page without JavaScript (ADR 021): rendered by the server from the session
// cookie, every form posted to the page, validated with the shared schemas, answered with a
// redirect once done or the page again with the messages and what was typed.

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const ORIGIN = 'https://tziyun.test';

/** A form posted by the page itself, as Chromium sends it (with this site's Origin). */
function post(
  fields: Record<string, string>,
  {
    cookie,
    origin = ORIGIN,
    url = '/prayer-names',
  }: { cookie?: string; origin?: string; url?: string } = {},
) {
  return postPageForm(app, url, fields, { origin, ...(cookie ? { cookie } : {}) });
}

async function sessionFor(email: string) {
  await activeMember(app, email);
  return namesSession(app, email);
}

const namesOf = async (cookie: string) =>
  (await withSession(app, cookie, 'GET', '/api/prayer-names')).json().names as {
    id: string;
    hebrewName: string;
    note: string | null;
    renewedAt: string;
  }[];

const formOf = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)]));

describe('the names page, rendered by the server', () => {
  it('shows the giver’s names from the session cookie, and is never cached', async () => {
    const cookie = await sessionFor('page@example.org');
    await withSession(app, cookie, 'POST', '/api/prayer-names', aName({ englishName: 'Chaim' }));
    const res = await app.inject({ url: '/prayer-names', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.replaceAll('<!-- -->', '')).toContain(`${HEBREW} בן ${MOTHER}`);
    expect(res.body).toContain('Add name');
    expect(pageData(res.body).data).toMatchObject({
      kind: 'ready',
      names: [{ englishName: 'Chaim' }],
    });
  });

  it('is the signed-out page without a session, or with one that is not valid', async () => {
    for (const headers of [{}, { cookie: 'tziyun_prayer=forged' }]) {
      const res = await app.inject({ url: '/prayer-names', headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Send me the link');
      expect(res.body).not.toContain(prayerLinkMessages.signedOut);
    }
  });
});

describe('the names page’s forms without JavaScript', () => {
  it('asks for a link: sent (a redirect), or the message and what was typed', async () => {
    await activeMember(app, 'ask@example.org');
    const bad = await post({ _form: 'prayer-link', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Please enter a valid email address');
    expect(bad.body).toContain('value="not-an-email"');

    const res = await post({ _form: 'prayer-link', email: 'ask@example.org' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/prayer-names?sent=prayer-link#main');
    await drainJobs(app);
    const queued = await app.database.db.select().from(jobs);
    const links = queued
      .map((j) => j.payload as { template?: string; to?: string })
      .filter((p) => p.template === 'prayer-names-link' && p.to === 'ask@example.org');
    expect(links).toHaveLength(1);
    const done = await app.inject(res.headers.location!);
    expect(done.body).toContain(prayerLinkMessages.sent);
  });

  it('adds, edits, renews and removes a name, each answered with a redirect', async () => {
    const cookie = await sessionFor('forms@example.org');
    const added = await post({ _form: 'prayer-name', ...formOf(aName()) }, { cookie });
    expect(added.statusCode, added.body).toBe(303);
    expect(added.headers.location).toBe('/prayer-names?sent=prayer-name#your-names');
    expect(
      (await app.inject({ url: added.headers.location!, headers: { cookie } })).body,
    ).toContain('The name is on your list.');
    const [name] = await namesOf(cookie);
    expect(name).toMatchObject({ hebrewName: HEBREW });

    // Edit: the form for this name, then its changes.
    const form = await app.inject({ url: `/prayer-names?edit=${name!.id}`, headers: { cookie } });
    expect(form.body).toContain('Edit a name');
    expect(form.body).toContain(`value="${name!.id}"`);
    const edited = await post(
      {
        _form: 'prayer-name-edit',
        id: name!.id,
        ...formOf(aName({ intention: 'other', note: 'A new job' })),
      },
      { cookie, url: `/prayer-names?edit=${name!.id}` },
    );
    expect(edited.headers.location).toBe('/prayer-names?sent=prayer-name-edit#your-names');
    expect((await namesOf(cookie))[0]).toMatchObject({ id: name!.id, note: 'A new job' });

    app.advanceClock(60_000);
    const renewed = await post({ _form: 'prayer-name-renew', id: name!.id }, { cookie });
    expect(renewed.headers.location).toBe('/prayer-names?sent=prayer-name-renew#your-names');
    expect((await namesOf(cookie))[0]!.renewedAt > name!.renewedAt).toBe(true);

    // Remove asks first: the page at ?remove= has the confirming form.
    const confirm = await app.inject({
      url: `/prayer-names?remove=${name!.id}`,
      headers: { cookie },
    });
    expect(confirm.body).toContain('Remove this name from your list?');
    expect(confirm.body).toContain('Yes, remove it');
    const removed = await post({ _form: 'prayer-name-remove', id: name!.id }, { cookie });
    expect(removed.headers.location).toBe('/prayer-names?sent=prayer-name-remove#your-names');
    expect(await namesOf(cookie)).toEqual([]);
    expect(
      (await app.inject({ url: removed.headers.location!, headers: { cookie } })).body,
    ).toContain('The name is off your list.');
  });

  it('comes back with each field’s message and what was typed, and stores nothing', async () => {
    const cookie = await sessionFor('typo@example.org');
    const res = await post(
      {
        _form: 'prayer-name',
        ...formOf(aName({ hebrewName: 'Chaim', intention: 'other', note: '' })),
      },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Hebrew name must be written in Hebrew letters (for example משה)');
    expect(res.body).toContain('Say briefly what to pray for');
    expect(res.body).toContain('value="Chaim"');
    expect(res.body).toContain(`value="${MOTHER}"`);
    expect(await namesOf(cookie)).toEqual([]);

    const noId = await post({ _form: 'prayer-name-renew', id: 'not-a-uuid' }, { cookie });
    expect(noId.statusCode).toBe(400);
    expect(noId.body).toContain('This name is not on your list.');
  });

  it('answers the signed-out page, in plain words, when the session is missing or ended', async () => {
    const before = await app.database.db.select().from(prayerNames);
    for (const cookie of [undefined, 'tziyun_prayer=ended']) {
      const res = await post({ _form: 'prayer-name', ...formOf(aName()) }, { cookie });
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain(prayerLinkMessages.signedOut);
      expect(res.body).toContain('Send me the link');
      expect(res.body).not.toMatch(/\b401\b|unauthorized/);
    }
    expect(await app.database.db.select().from(prayerNames)).toHaveLength(before.length);
  });

  it('refuses a form posted from another site, even with the session cookie', async () => {
    const cookie = await sessionFor('csrf-page@example.org');
    for (const origin of ['https://evil.example', 'null']) {
      const res = await post({ _form: 'prayer-name', ...formOf(aName()) }, { cookie, origin });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain('This change came from another website, so nothing was changed.');
    }
    const sneaky = await postPageForm(
      app,
      '/prayer-names',
      { _form: 'prayer-name', ...formOf(aName()) },
      { 'sec-fetch-site': 'cross-site', cookie },
    );
    expect(sneaky.statusCode).toBe(403);
    expect(await namesOf(cookie)).toEqual([]);
  });

  it('never reaches another giver’s name', async () => {
    const mine = await sessionFor('mine@example.org');
    await withSession(app, mine, 'POST', '/api/prayer-names', aName());
    const [name] = await namesOf(mine);
    const theirs = await sessionFor('theirs@example.org');
    const edit = await post(
      { _form: 'prayer-name-edit', id: name!.id, ...formOf(aName({ englishName: 'Taken' })) },
      { cookie: theirs },
    );
    expect(edit.statusCode).toBe(404);
    expect(edit.body).toContain('This name is not on your list.');
    for (const form of ['prayer-name-remove', 'prayer-name-renew']) {
      const res = await post({ _form: form, id: name!.id }, { cookie: theirs });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This name is not on your list.');
    }
    const [still] = await app.database.db
      .select()
      .from(prayerNames)
      .where(eq(prayerNames.id, name!.id));
    expect(still).toMatchObject({ englishName: null, renewedAt: new Date(name!.renewedAt) });
  });
});
