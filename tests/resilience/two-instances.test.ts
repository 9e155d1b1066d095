import { ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, jobs } from '~/db/schema';
import { signIn } from '~tests/helpers/admin';
import type { TestApp } from '~tests/helpers/app';
import { drainJobs } from '~tests/helpers/integrations';
import { setUpTwoInstances } from '~tests/helpers/two-instances';

/**
 * Two app instances on one database and nothing else in common: each has its own
 * process memory, mailer and job worker. On PostgreSQL each has its own connection pool, as two
 * servers behind a load balancer would; PGlite has one connection, so there both share it.
 */
const formLimit = 3;
const instances = setUpTwoInstances(() => ({ FORM_RATE_LIMIT: String(formLimit) }));

const contact = (app: TestApp, ip: string, n = 0, sender = 'two') =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: ip,
    payload: {
      name: 'Two Instances',
      email: `${sender}.${n}@example.org`,
      message: 'Please pray for my father.',
    },
  });

describe('two app instances on one database', () => {
  it('a session made on one instance works on the other, and ends on both', async () => {
    const session = await signIn(instances.a);
    const onB = await instances.b.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: session.cookie },
    });
    expect(onB.statusCode).toBe(200);
    expect(onB.json().user.username).toBe(session.user.username);

    // Signed out on B (a write: cookie, CSRF token, origin): A refuses the cookie at once.
    const out = await instances.b.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: session.headers,
    });
    expect(out.statusCode).toBeLessThan(300);
    const onA = await instances.a.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: session.cookie },
    });
    expect(onA.statusCode).toBe(401);
  });

  it('counts a client’s form posts across both instances', async () => {
    const ip = '203.0.113.50';
    const answers = [];
    for (let n = 0; n < formLimit + 2; n += 1) {
      answers.push((await contact(n % 2 === 0 ? instances.a : instances.b, ip, n)).statusCode);
    }
    // Alone, each instance would have let 3 through: 5 posts, all 200.
    expect(answers).toEqual([200, 200, 200, 429, 429]);
    // Another client is counted on its own, on either instance.
    expect((await contact(instances.b, '203.0.113.51')).statusCode).toBe(200);
    expect((await contact(instances.a, '203.0.113.51')).statusCode).toBe(200);
  });

  it('counts concurrent posts exactly: no lost update between the instances', async () => {
    const ip = '203.0.113.60';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => contact(n % 2 === 0 ? instances.a : instances.b, ip, n)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(formLimit);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - formLimit);
  });

  it('runs each job exactly once with both workers draining the outbox', async () => {
    await instances.a.database.db.delete(jobs);
    const messages = 40;
    const posts = await Promise.all(
      Array.from({ length: messages }, (_, n) =>
        contact(n % 2 === 0 ? instances.a : instances.b, `198.51.100.${n + 1}`, n, 'outbox'),
      ),
    );
    expect(posts.every((r) => r.statusCode === 200)).toBe(true);
    expect(
      await instances.a.database.db.$count(
        contactMessages,
        sql`${contactMessages.email} like 'outbox.%'`,
      ),
    ).toBe(messages);
    const queued = await instances.a.database.db.$count(jobs);
    // Each message: the office's notification and the sender's acknowledgement.
    expect(queued).toBe(messages * 2);

    // Both workers claim batch after batch, side by side, until neither finds anything.
    const [byA, byB] = await Promise.all([drainJobs(instances.a), drainJobs(instances.b)]);
    expect(byA + byB).toBe(queued);

    expect(await instances.a.database.db.$count(jobs, ne(jobs.status, 'succeeded'))).toBe(0);
    expect(await instances.a.database.db.$count(jobs, sql`${jobs.attempts} <> 1`)).toBe(0);
    const perAddress = new Map<string, number>();
    for (const { to } of [...instances.a.sentMail, ...instances.b.sentMail]) {
      if (to.startsWith('outbox.')) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    }
    // Every sender got one acknowledgement, from whichever instance claimed it: none twice.
    expect(perAddress.size).toBe(messages);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
  });
});
