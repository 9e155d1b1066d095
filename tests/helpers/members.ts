import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { jobs, members } from '~/db/schema';
import type { DatabaseHandle } from '~/db/client';

type MembersApp = Pick<FastifyInstance, 'inject'> & { database: DatabaseHandle };

/** An application for membership through the join form's API. */
export function sendMembershipApplication(
  app: Pick<FastifyInstance, 'inject'>,
  application: object,
) {
  return app.inject({ method: 'POST', url: '/api/membership-applications', payload: application });
}

/**
 * Applies on /join as the form does and reads the payment link of the confirmation mail from the
 * outbox: the member, the link and the token it carries.
 */
export async function applyForMembership(
  app: MembersApp,
  { tier = 'spark', email = 'member@example.org', firstName = 'Rivka' } = {},
) {
  const res = await sendMembershipApplication(app, {
    firstName,
    lastName: 'Katz',
    email,
    membershipTier: tier,
    phone: '',
    message: '',
  });
  expect(res.statusCode, res.body).toBe(200);
  const applicationId = res.json().id as string;
  const checkoutUrl = await checkoutUrlMailedTo(app, email);
  const url = new URL(checkoutUrl);
  return {
    applicationId,
    checkoutUrl,
    token: url.searchParams.get('membership')!,
    amount: Number(url.searchParams.get('amount')),
    member: () => memberOfApplication(app, applicationId),
  };
}

/** The payment link of the newest application confirmation queued for `email`. */
export async function checkoutUrlMailedTo(app: MembersApp, email: string) {
  const mail = (await confirmationsTo(app, email)).at(-1);
  if (!mail?.data.checkoutUrl) throw new Error(`no payment link mailed to ${email}`);
  return mail.data.checkoutUrl;
}

/** The application confirmations queued for `email`, oldest first. */
export async function confirmationsTo(app: MembersApp, email: string) {
  const rows = await app.database.db.select().from(jobs).orderBy(asc(jobs.id));
  return rows
    .map(
      (job) =>
        job.payload as {
          template: string;
          to: string;
          data: { checkoutUrl?: string; existingMembership?: string; [key: string]: unknown };
        },
    )
    .filter(
      (mail) =>
        mail.template === 'membership-confirmation' &&
        mail.to.toLowerCase() === email.toLowerCase(),
    );
}

export async function memberOfApplication(app: MembersApp, applicationId: string) {
  const [member] = await app.database.db
    .select()
    .from(members)
    .where(eq(members.applicationId, applicationId));
  if (!member) throw new Error(`no member for application ${applicationId}`);
  return member;
}
