import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givingLinks, jobs, pledges } from '~/db/schema';
import { renderMail } from '~/server/services/mail/templates';
import { drainJobs } from '~tests/helpers/integrations';
import { buildTestApp } from '~tests/helpers/app';
import { insertDonations } from '~tests/helpers/donations';
import {
  givingCookieOf,
  givingSession,
  openGivingLink,
  requestGivingLinks,
  visitGivingLink,
} from '~tests/helpers/my-giving';
import { activeMember } from '~tests/helpers/prayer-names';
import { expectHiddenTokenPage } from '~tests/helpers/link-session';
import { pageData, postPageForm } from '~tests/helpers/page-forms';
import { eraseDonor } from './erase-donor';
import { givingLinkMessages } from './giving-link';

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const HOUR = 60 * 60 * 1000;
const getGiving = (cookie: string) =>
  app.inject({ method: 'GET', url: '/api/my-giving', headers: { cookie } });

describe('the link to My giving', () => {
  it('is mailed only to an address a gift or membership has, with the same answer for anyone', async () => {
    await insertDonations(app, [{ email: 'Giver@Example.org' }]);
    expect(await requestGivingLinks(app, 'giver@example.org')).toHaveLength(1);
    // An unfinished checkout is no gift.
    await insertDonations(app, [{ email: 'started@example.org', paymentStatus: 'pending' }]);
    expect(await requestGivingLinks(app, 'started@example.org')).toHaveLength(0);
    expect(await requestGivingLinks(app, 'stranger@example.org')).toHaveLength(0);
    await activeMember(app, 'member-only@example.org');
    expect(await requestGivingLinks(app, 'member-only@example.org')).toHaveLength(1);
  });

  it('opens only with its button: what a mail scanner fetches spends nothing and shows nothing private', async () => {
    await insertDonations(app, [{ email: 'scanned@example.org', donorName: 'Rivka Scanned' }]);
    const [token] = await requestGivingLinks(app, 'scanned@example.org');
    expect((await visitGivingLink(app, token!, undefined, 'HEAD')).statusCode).toBe(200);
    for (const seen of [await visitGivingLink(app, token!), await visitGivingLink(app, token!)]) {
      expectHiddenTokenPage(seen);
      expect(pageData(seen.body).data).toEqual({ kind: 'opening', token });
      expect(seen.body).toContain('Show my giving');
      expect(seen.body).toContain('name="_form" value="giving-link-open"');
      expect(seen.body).not.toContain('Rivka');
      expect(seen.body).not.toContain('scanned@example.org');
    }
    // The donor presses the button: the link opens then, once.
    const opened = await openGivingLink(app, token!);
    expect(opened.headers.location).toBe('/my-giving');
    const cookie = givingCookieOf(opened);
    const page = await app.inject({ url: '/my-giving', headers: { cookie } });
    expect(pageData(page.body).data).toMatchObject({ kind: 'ready', name: 'Rivka Scanned' });
    // Followed again in that browser: straight on, without the button.
    const followed = await visitGivingLink(app, token!, cookie);
    expect(followed.statusCode).toBe(303);
    expect(followed.headers.location).toBe('/my-giving');
    // Signed in as another donor, the link shows the button and nothing of theirs.
    await insertDonations(app, [{ email: 'other@example.org', donorName: 'Other Person' }]);
    const other = await givingSession(app, 'other@example.org');
    const [fresh] = (await requestGivingLinks(app, 'scanned@example.org')).slice(-1);
    const asOther = await visitGivingLink(app, fresh!, other);
    expect(pageData(asOther.body).data).toEqual({ kind: 'opening', token: fresh });
    expect(asOther.body).not.toContain('Other Person');
  });

  it('works once, leaves the address bar, and opens a short session', async () => {
    await insertDonations(app, [{ email: 'once@example.org' }]);
    const [token] = await requestGivingLinks(app, 'once@example.org');
    const first = await openGivingLink(app, token!);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/my-giving');
    const cookie = givingCookieOf(first);
    expect(String([first.headers['set-cookie']].flat()[0])).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await getGiving(cookie)).statusCode).toBe(200);
    // Opened again in another browser: used; in the browser it signed in: straight on.
    const again = await openGivingLink(app, token!);
    expect(again.headers.location).toBe('/my-giving?link=used');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await openGivingLink(app, token!, cookie)).headers.location).toBe('/my-giving');
    const page = await app.inject({ method: 'GET', url: '/my-giving?link=used' });
    expect(pageData(page.body).data).toEqual({
      kind: 'signed-out',
      problem: givingLinkMessages.used,
    });
    // The session is short: half an hour later it has ended.
    app.advanceClock(31 * 60 * 1000);
    const ended = await getGiving(cookie);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe(givingLinkMessages.signedOut);
  });

  it('expires after a day; a forged token is not valid', async () => {
    await insertDonations(app, [{ email: 'late@example.org' }]);
    const [token] = await requestGivingLinks(app, 'late@example.org');
    app.advanceClock(25 * HOUR);
    expect((await openGivingLink(app, token!)).headers.location).toBe('/my-giving?link=expired');
    expect((await openGivingLink(app, `${token!}x`)).headers.location).toBe(
      '/my-giving?link=invalid',
    );
  });

  it('refuses a button posted without a token or from another site, spending nothing', async () => {
    await insertDonations(app, [{ email: 'careful@example.org' }]);
    const [token] = await requestGivingLinks(app, 'careful@example.org');
    const missing = await postPageForm(app, '/my-giving', { _form: 'giving-link-open' });
    expect(missing.statusCode).toBe(400);
    expect(pageData(missing.body).data).toEqual({ kind: 'signed-out', problem: null });
    expect(missing.body).toContain('This link is not complete. Open it again from your email.');
    const crossSite = await postPageForm(
      app,
      '/my-giving',
      { _form: 'giving-link-open', token: token! },
      { 'sec-fetch-site': 'cross-site', origin: 'null' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    expect((await openGivingLink(app, token!)).headers.location).toBe('/my-giving');
  });

  it('refuses bad input with a message on the field', async () => {
    for (const payload of [{}, { email: 'not an email' }]) {
      const res = await app.inject({ method: 'POST', url: '/api/my-giving/link', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.email).toBeTruthy();
    }
    const page = await postPageForm(app, '/my-giving', { _form: 'giving-link', email: 'nope' });
    expect(page.statusCode).toBe(400);
    expect(pageData(page.body).form.errors.email).toMatch(/email/i);
  });

  it('is asked for without JavaScript: the page form answers the same whether the address is known', async () => {
    await insertDonations(app, [{ email: 'formgiver@example.org' }]);
    for (const email of ['formgiver@example.org', 'unknown@example.org']) {
      const res = await postPageForm(app, '/my-giving', { _form: 'giving-link', email });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/my-giving?sent=giving-link#main');
    }
    const sent = await app.inject({ method: 'GET', url: '/my-giving?sent=giving-link' });
    expect(sent.body).toContain(givingLinkMessages.sent);
  });
});

describe('asking for the link tells nothing and floods no inbox', () => {
  const ask = (email: string) =>
    app.inject({ method: 'POST', url: '/api/my-giving/link', payload: { email } });
  const linkMails = async (to: string) =>
    (await app.database.db.select().from(jobs))
      .map((j) => j.payload as { template?: string; to?: string; data?: object })
      .filter((p) => p.template === 'giving-link' && p.to === to);

  it('does the same work on the request for a known and an unknown address: one queued lookup, nothing else', async () => {
    await insertDonations(app, [{ email: 'timed@example.org', donorName: 'Known Donor' }]);
    const written = [];
    for (const email of ['timed@example.org', 'untimed@example.org']) {
      const before = await app.database.db.select({ id: jobs.id }).from(jobs);
      const links = await app.database.db.$count(givingLinks);
      const res = await ask(email);
      expect(res.json().message).toBe(givingLinkMessages.sent);
      const after = await app.database.db.select().from(jobs);
      const added = after.filter((j) => !before.some((b) => b.id === j.id));
      // No link and no mail yet: the address is looked up by the worker, not the request.
      expect(await app.database.db.$count(givingLinks)).toBe(links);
      written.push(added.map((j) => ({ kind: j.kind, payload: j.payload })));
    }
    expect(written).toEqual([
      [{ kind: 'my-giving.link-request', payload: { email: 'timed@example.org' } }],
      [{ kind: 'my-giving.link-request', payload: { email: 'untimed@example.org' } }],
    ]);
    await drainJobs(app);
    expect(await linkMails('timed@example.org')).toHaveLength(1);
    expect(await linkMails('untimed@example.org')).toHaveLength(0);
  });

  it('greets no one by the name on file, and mails one address at most five links a day', async () => {
    await insertDonations(app, [
      { email: 'capped@example.org', donorName: 'URGENT: refund at https://evil.example' },
    ]);
    for (let i = 0; i < 7; i += 1) {
      expect((await ask('capped@example.org')).json().message).toBe(givingLinkMessages.sent);
    }
    await drainJobs(app);
    const mails = await linkMails('capped@example.org');
    expect(mails).toHaveLength(5);
    expect(Object.keys(mails[0]!.data!).sort()).toEqual(['hours', 'url']);
    const rendered = renderMail(
      { site: app.siteConfig, publicUrl: app.env.PUBLIC_URL },
      'giving-link',
      mails[0]!.data as never,
    );
    expect(rendered.text).not.toContain('evil.example');
    expect(rendered.text).toMatch(/^Shalom,$/m);
    // No link without its mail.
    expect(
      await app.database.db.$count(givingLinks, eq(givingLinks.email, 'capped@example.org')),
    ).toBe(5);
    app.advanceClock(24 * HOUR);
    await ask('capped@example.org');
    await drainJobs(app);
    expect(await linkMails('capped@example.org')).toHaveLength(6);
  });
});

describe('My giving', () => {
  it('shows every gift of the address, net of refunds, and never another donor’s', async () => {
    await insertDonations(app, [
      {
        email: 'rivka@example.org',
        donorName: 'Rivka Levi',
        amountCents: 10_000,
        refundedCents: 2_500,
        dedicationKind: 'memory',
        dedicationName: 'Moshe ben Avraham',
        createdAt: new Date('2025-03-02T15:00:00Z'),
      },
      {
        email: 'RIVKA@example.org',
        donorName: 'Rivka Levi',
        paymentMethod: 'ojc',
        paymentStatus: 'refunded',
        amountCents: 3_600,
        refundedCents: 3_600,
        createdAt: new Date('2025-05-02T15:00:00Z'),
      },
      { email: 'rivka@example.org', paymentStatus: 'pending', donorName: null, amountCents: 999 },
      { email: 'someone-else@example.org', donorName: 'Other Donor', amountCents: 50_000 },
    ]);
    const cookie = await givingSession(app, 'rivka@example.org');
    const res = await getGiving(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const giving = res.json();
    expect(giving.name).toBe('Rivka Levi');
    expect(giving.gifts).toHaveLength(2);
    expect(giving.gifts.map((g: { keptCents: number }) => g.keptCents)).toEqual([0, 7_500]);
    expect(giving.gifts[1]).toMatchObject({
      method: 'stripe',
      status: 'succeeded',
      dedication: 'In memory of Moshe ben Avraham',
    });
    expect(giving.gifts[1].receiptUrl).toMatch(/^\/api\/my-giving\/receipts\/.+\/receipt\.pdf$/);
    expect(giving.gifts[0].receiptUrl).toBeNull();
    expect(giving.years).toEqual([
      {
        year: 2025,
        keptCents: 7_500,
        gifts: 1,
        statementUrl: '/api/my-giving/statements/2025/statement.pdf',
      },
    ]);
    expect(res.body).not.toContain('someone-else');
    expect(res.body).not.toContain('Other Donor');
  });

  it('is rendered by the server from the session cookie, and signed out without it', async () => {
    await insertDonations(app, [{ email: 'ssr@example.org', donorName: 'Dovid Klein' }]);
    const cookie = await givingSession(app, 'ssr@example.org');
    const page = await app.inject({ method: 'GET', url: '/my-giving', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(pageData(page.body).data).toMatchObject({ kind: 'ready', name: 'Dovid Klein' });
    const anonymous = await app.inject({ method: 'GET', url: '/my-giving' });
    expect(pageData(anonymous.body).data).toEqual({ kind: 'signed-out', problem: null });
    const forged = await getGiving('tziyun_giving=forged.value');
    expect(forged.statusCode).toBe(401);
  });

  it('lists a member’s membership with its next renewal', async () => {
    const member = await activeMember(app, 'tier@example.org');
    const cookie = await givingSession(app, 'tier@example.org');
    const giving = (await getGiving(cookie)).json();
    expect(giving.memberships).toEqual([
      expect.objectContaining({ id: member.id, tierName: 'Spark Tier', status: 'active' }),
    ]);
  });

  it('ends on the server when the donor signs out: the same cookie, replayed, opens nothing', async () => {
    await insertDonations(app, [{ email: 'leaving@example.org' }]);
    const cookie = await givingSession(app, 'leaving@example.org');
    const other = await givingSession(app, 'leaving@example.org');
    expect((await getGiving(cookie)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/my-giving/sign-out',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe(givingLinkMessages.signedOutNow);
    expect(String([out.headers['set-cookie']].flat()[0])).toMatch(/tziyun_giving=;/);
    expect((await getGiving(cookie)).statusCode).toBe(401);
    // Another browser's session of the same address is its own.
    expect((await getGiving(other)).statusCode).toBe(200);
    // Without JavaScript: the page's Sign out button.
    const page = await postPageForm(
      app,
      '/my-giving',
      { _form: 'giving-sign-out' },
      { cookie: other },
    );
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/my-giving?sent=giving-sign-out#main');
    expect((await getGiving(other)).statusCode).toBe(401);
    const after = await app.inject({ url: page.headers.location!, headers: { cookie: other } });
    expect(after.body).toContain(givingLinkMessages.signedOutNow);
  });

  it('ends on the server when the address is erased', async () => {
    await insertDonations(app, [{ email: 'erased-session@example.org' }]);
    const cookie = await givingSession(app, 'erased-session@example.org');
    await app.database.db.transaction((tx) => eraseDonor(tx, 'erased-session@example.org'));
    expect((await getGiving(cookie)).statusCode).toBe(401);
  });

  it("erases the address's pledges too: an open one ends, none keeps the name or address", async () => {
    const email = 'erased-pledge@example.org';
    await app.database.db.insert(pledges).values([
      {
        donorName: 'Pledged Donor',
        email,
        postalAddress: '1 Oak St',
        amountCents: 500,
        expectedOn: '2026-12-01',
        note: 'Called',
      },
      {
        donorName: 'Pledged Donor',
        email,
        amountCents: 700,
        expectedOn: '2026-12-02',
        status: 'cancelled',
        cancelReason: 'Moved',
      },
    ]);
    const mark = await app.database.db.transaction((tx) => eraseDonor(tx, email));
    const rows = await app.database.db.select().from(pledges).where(eq(pledges.email, mark));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        donorName: 'Erased donor',
        status: 'cancelled',
        postalAddress: null,
        note: null,
        cancelReason: null,
      });
    }
  });

  it('refuses a request another site made', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/my-giving/link',
      payload: { email: 'giver@example.org' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/another website/);
  });
});
