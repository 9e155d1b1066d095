import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipApplications } from '~/db/schema';
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
