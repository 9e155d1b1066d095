import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { jobs, members, membershipApplications } from '~/db/schema';
import rawSiteConfig from '@site-config';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { buildTestApp } from '~tests/helpers/app';
import {
  checkoutUrlMailedTo,
  confirmationsTo,
  sendMembershipApplication,
} from '~tests/helpers/members';
import { postPageForm } from '~tests/helpers/page-forms';
import { activeMember } from '~tests/helpers/prayer-names';
import { renderMail } from '~/server/services/mail/templates';

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
const mailContext = {
  site: siteConfigSchema.parse(rawSiteConfig),
  publicUrl: 'https://tziyun.test',
};
const apply = (payload: object) => sendMembershipApplication(app, payload);

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
  it('are each answered with its own application, its member and its mail', async () => {
    const tiers = ['spark', 'flame', 'beacon', 'flame', 'spark'];
    const emails = tiers.map((_, i) => `together-${i}@example.org`);
    const answers = await Promise.all(
      tiers.map((membershipTier, i) => apply({ ...valid, email: emails[i], membershipTier })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const [i, res] of answers.entries()) {
      const { id, tier } = res.json();
      expect(tier).toBe(tiers[i]);
      const [application] = await app.database.db
        .select()
        .from(membershipApplications)
        .where(eq(membershipApplications.id, id));
      expect(application).toMatchObject({ email: emails[i], tier: tiers[i] });
      const token = new URL(await checkoutUrlMailedTo(app, emails[i]!)).searchParams.get(
        'membership',
      )!;
      const check = app.linkSigner.verify('membership-checkout', token, app.clock());
      expect(check.ok).toBe(true);
      const [member] = await app.database.db
        .select()
        .from(members)
        .where(eq(members.id, check.ok ? check.subject : ''));
      expect(member).toMatchObject({ applicationId: id, email: emails[i], status: 'pending' });
    }
    const office = await app.database.db
      .select({ key: jobs.idempotencyKey })
      .from(jobs)
      .where(
        inArray(
          jobs.idempotencyKey,
          answers.map((res) => `mail:membership:${res.json().id}:office`),
        ),
      );
    expect(office).toHaveLength(5);
  });
});

describe('paying for the membership', () => {
  it('answers the tier’s price and the methods that can take money; the link to pay goes by mail', async () => {
    // No payment set up: no method offered (the screen then points to the office).
    const bare = (await apply({ ...valid, email: 'pay-none@example.org' })).json();
    expect(bare.checkout).toEqual({ amount: 820, methods: [] });

    const configured = await buildTestApp({
      STRIPE_SECRET_KEY: 'sk_test_configured',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_configured',
      OJC_USERNAME: 'user',
      OJC_PASSWORD: 'secret',
      OJC_ORG_ID: 'org',
    });
    try {
      const answer = await sendMembershipApplication(configured, {
        ...valid,
        email: 'pay-card@example.org',
        membershipTier: 'spark',
      });
      // OJC takes monthly gifts only with the key that seals the card for the next months.
      expect(answer.json().checkout).toEqual({ amount: 180, methods: ['credit_card'] });
      const url = new URL(await checkoutUrlMailedTo(configured, 'pay-card@example.org'));
      const token = url.searchParams.get('membership')!;
      const check = configured.linkSigner.verify('membership-checkout', token, configured.clock());
      expect(check.ok).toBe(true);
    } finally {
      await configured.close();
    }
  });
});

describe('what the form tells a stranger', () => {
  const setStatus = async (email: string, status: 'active' | 'lapsed') => {
    const member = await activeMember(app, email);
    await app.database.db.update(members).set({ status }).where(eq(members.id, member.id));
  };
  /** The answer with its one random part, the application's id, taken out. */
  const answerOf = async (email: string) => {
    const res = await apply({ ...valid, email });
    expect(res.statusCode).toBe(200);
    const { id, ...rest } = res.json();
    expect(id).toEqual(expect.any(String));
    return rest;
  };
  const pageAnswerOf = async (email: string) => {
    const res = await postPageForm(app, '/join', { _form: 'join', ...valid, email });
    expect(res.statusCode).toBe(303);
    return res.headers.location;
  };

  it('answers the same for an address with an active membership, a lapsed one, or none, and hands out no link to pay', async () => {
    await setStatus('paying@example.org', 'active');
    await setStatus('behind@example.org', 'lapsed');
    const answers = [
      await answerOf('paying@example.org'),
      await answerOf('behind@example.org'),
      await answerOf('nobody@example.org'),
    ];
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    expect(JSON.stringify(answers)).not.toMatch(/membership"|token/);
    // Without JavaScript: the same welcome address, with nothing in it to open a checkout.
    const pages = [
      await pageAnswerOf('paying@example.org'),
      await pageAnswerOf('behind@example.org'),
      await pageAnswerOf('nobody2@example.org'),
    ];
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toBe('/join?sent=join&tier=beacon&methods=#main');
  });

  it('makes no second membership for an address that has a paid one, and says so only in its mail', async () => {
    await setStatus('second@example.org', 'active');
    await setStatus('second-lapsed@example.org', 'lapsed');
    for (const [email, existing] of [
      ['second@example.org', 'active'],
      ['second-lapsed@example.org', 'lapsed'],
    ] as const) {
      const before = await app.database.db.$count(members);
      const { id } = (await apply({ ...valid, email })).json();
      expect(await app.database.db.$count(members)).toBe(before);
      // The application is kept for the office, which is told.
      const [application] = await app.database.db
        .select()
        .from(membershipApplications)
        .where(eq(membershipApplications.id, id));
      expect(application).toMatchObject({ email, status: 'new' });
      const [office] = await app.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.idempotencyKey, `mail:membership:${id}:office`));
      expect(office!.payload).toMatchObject({ data: { existingMembership: existing } });
      // The address's own inbox hears why, with nothing to pay.
      const mail = (await confirmationsTo(app, email)).at(-1)!;
      expect(mail.data).toEqual({ tierId: 'beacon', existingMembership: existing });
      const rendered = renderMail(mailContext, 'membership-confirmation', mail.data as never);
      expect(rendered.text).toContain(
        existing === 'active'
          ? 'already has an active membership'
          : 'last monthly payment did not go through',
      );
      expect(rendered.text).not.toContain('/checkout');
    }
  });

  it('mails the applicant nothing they typed: no name, no message (the office gets them)', async () => {
    const typed = {
      ...valid,
      email: 'relay@example.org',
      firstName: 'URGENT: your card was charged $820, dispute at https://evil.example/refund',
      message: 'Visit https://evil.example now',
    };
    const { id } = (await apply(typed)).json();
    const [mail] = await confirmationsTo(app, 'relay@example.org');
    expect(Object.keys(mail!.data).sort()).toEqual(['checkoutUrl', 'tierId']);
    const rendered = renderMail(mailContext, 'membership-confirmation', mail!.data as never);
    expect(`${rendered.subject}${rendered.text}`).not.toContain('evil.example');
    expect(rendered.text).toMatch(/^Shalom,/m);
    const [office] = await app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.idempotencyKey, `mail:membership:${id}:office`));
    expect(office!.payload).toMatchObject({
      to: app.officeEmail,
      data: { firstName: typed.firstName, message: typed.message },
    });
  });

  it('mails one address at most three confirmations a day, and answers the same beyond', async () => {
    const email = 'flooded@example.org';
    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push(await answerOf(email));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await confirmationsTo(app, email)).toHaveLength(3);
    // Each application is still stored, for the office.
    expect(
      await app.database.db.$count(membershipApplications, eq(membershipApplications.email, email)),
    ).toBe(5);
    app.advanceClock(24 * 60 * 60 * 1000);
    await answerOf(email);
    expect(await confirmationsTo(app, email)).toHaveLength(4);
  });
});
