import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { jobs, members } from '../../src/db/schema';
import type { DatabaseHandle } from '../../src/db/client';

type MembersApp = Pick<FastifyInstance, 'inject'> & { database: DatabaseHandle };

/**
 * Applies on /join as the form does and reads the payment link of the confirmation mail from the
 * outbox: the member, the link and the token it carries.
 */
export async function applyForMembership(
  app: MembersApp,
  { tier = 'spark', email = 'member@example.org', firstName = 'Rivka' } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/membership-applications',
    payload: { firstName, lastName: 'Katz', email, membershipTier: tier, phone: '', message: '' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const applicationId = res.json().id as string;
  const [mail] = await app.database.db
    .select()
    .from(jobs)
    .where(eq(jobs.idempotencyKey, `mail:membership:${applicationId}:applicant`));
  const checkoutUrl = (mail!.payload as { data: { checkoutUrl: string } }).data.checkoutUrl;
  const url = new URL(checkoutUrl);
  return {
    applicationId,
    checkoutUrl,
    token: url.searchParams.get('membership')!,
    amount: Number(url.searchParams.get('amount')),
    member: () => memberOfApplication(app, applicationId),
  };
}

export async function memberOfApplication(app: MembersApp, applicationId: string) {
  const [member] = await app.database.db
    .select()
    .from(members)
    .where(eq(members.applicationId, applicationId));
  if (!member) throw new Error(`no member for application ${applicationId}`);
  return member;
}
