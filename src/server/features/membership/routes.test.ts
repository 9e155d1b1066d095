import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { jobs, members, membershipApplications } from '~/db/schema';
import { buildTestApp } from '../../../../tests/helpers/app';

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const valid = {
  firstName: 'Yosef',
  lastName: 'Levi',
  email: 'Yosef@Example.org',
  phone: '+1 (845) 555-0100',
  membershipTier: 'beacon',
  prayerIntentions: 'Refuah shleimah for Chaim ben Sarah',
  message: '',
};
const apply = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/membership-applications', payload });

describe('POST /api/membership-applications', () => {
  it('stores the application and names the tier', async () => {
    const res = await apply(valid);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      tier: 'beacon',
      message: 'Thank you for applying to the Beacon Tier.',
    });
    const [row] = await app.database.db.select().from(membershipApplications);
    expect(row).toMatchObject({
      id: body.id,
      firstName: 'Yosef',
      email: 'yosef@example.org',
      tier: 'beacon',
      phone: '+1 (845) 555-0100',
      message: null,
      status: 'new',
    });
  });

  it('accepts the optional fields absent', async () => {
    const res = await apply({
      firstName: 'A',
      lastName: 'B',
      email: 'ab@example.org',
      membershipTier: 'spark',
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['firstName', { ...valid, firstName: '  ' }, 'First name is required'],
    ['lastName', { ...valid, lastName: '' }, 'Last name is required'],
    ['email', { ...valid, email: 'nope' }, 'Please enter a valid email address'],
    ['membershipTier', { ...valid, membershipTier: '' }, 'Please choose a membership tier'],
    ['membershipTier', { ...valid, membershipTier: 'platinum' }, 'Please choose a membership tier'],
    ['phone', { ...valid, phone: 'call me' }, 'Please enter a valid phone number'],
    [
      'prayerIntentions',
      { ...valid, prayerIntentions: 'x'.repeat(2001) },
      'Prayer intentions must be at most 2000 characters',
    ],
  ])('refuses a bad %s and stores nothing', async (field, body, message) => {
    const before = await app.database.db.$count(membershipApplications);
    const res = await apply(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { [field]: message },
    });
    expect(await app.database.db.$count(membershipApplications)).toBe(before);
  });

  it('drops a bot that fills the honeypot', async () => {
    const before = await app.database.db.$count(membershipApplications);
    const res = await apply({ ...valid, website: 'spam' });
    expect(res.statusCode).toBe(200);
    expect(await app.database.db.$count(membershipApplications)).toBe(before);
  });
});

describe('applications that arrive together', () => {
  it('are each answered with its own application and a token naming its own member', async () => {
    const tiers = ['spark', 'flame', 'beacon', 'flame', 'spark'];
    const emails = tiers.map((_, i) => `together-${i}@example.org`);
    const answers = await Promise.all(
      tiers.map((membershipTier, i) => apply({ ...valid, email: emails[i], membershipTier })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const [i, res] of answers.entries()) {
      const { id, tier, checkout } = res.json();
      expect(tier).toBe(tiers[i]);
      const [application] = await app.database.db
        .select()
        .from(membershipApplications)
        .where(eq(membershipApplications.id, id));
      expect(application).toMatchObject({ email: emails[i], tier: tiers[i] });
      const check = app.linkSigner.verify('membership-checkout', checkout.membership, app.clock());
      expect(check.ok).toBe(true);
      const [member] = await app.database.db
        .select()
        .from(members)
        .where(eq(members.id, check.ok ? check.subject : ''));
      expect(member).toMatchObject({ applicationId: id, email: emails[i], status: 'pending' });
    }
    const mailed = await app.database.db
      .select({ key: jobs.idempotencyKey })
      .from(jobs)
      .where(
        inArray(
          jobs.idempotencyKey,
          answers.flatMap((res) => [
            `mail:membership:${res.json().id}:applicant`,
            `mail:membership:${res.json().id}:office`,
          ]),
        ),
      );
    expect(mailed).toHaveLength(10);
  });
});

describe('paying for the membership from the welcome screen (issue 15)', () => {
  it('hands the applicant the tier’s price and a signed token for the methods that can take money', async () => {
    // No payment set up: no method offered (the screen then points to the office).
    const bare = (await apply({ ...valid, email: 'pay-none@example.org' })).json();
    expect(bare.checkout).toMatchObject({ amount: 820, methods: [] });
    expect(bare.checkout.membership).toEqual(expect.any(String));

    const configured = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_configured',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_configured',
      OJC_USERNAME: 'user',
      OJC_PASSWORD: 'secret',
      OJC_ORG_ID: 'org',
    });
    try {
      const answer = await configured.inject({
        method: 'POST',
        url: '/api/membership-applications',
        payload: { ...valid, email: 'pay-card@example.org', membershipTier: 'spark' },
      });
      // OJC takes monthly gifts only with the key that seals the card for the next months.
      expect(answer.json().checkout).toMatchObject({ amount: 180, methods: ['credit_card'] });
      const token = answer.json().checkout.membership as string;
      const check = configured.linkSigner.verify('membership-checkout', token, configured.clock());
      expect(check.ok).toBe(true);
    } finally {
      await configured.close();
    }
  });
});
