import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendMembershipApplication } from '~tests/helpers/members';
import { sendContactMessageThenDrain } from '~tests/helpers/contact';
import { jobs, webhookDeliveries } from '~/db/schema';
import { createTestDatabase } from '~tests/helpers/database';
import { startGhlStandIn, type GhlStandIn } from '~tests/helpers/ghl-stand-in';
import { ghlTestEnv } from '~tests/helpers/integrations';
import { createMemoryMailer } from '~tests/helpers/mail';
import { startWebhookReceiver, type WebhookReceiver } from '~tests/helpers/webhook-receiver';
import { buildApp, loggerOptions } from '~/server/app';
import { parseEnv } from '~/server/env';
import { announce } from '~/server/services/announcements/announce';
import { saveEndpointUrl } from './webhook-endpoint';

/**
 * The privacy rule: what a visitor confides (prayer intentions and the names in them, a
 * message's text) never reaches GoHighLevel, Zapier, the outbox's payloads or a log line.
 */
const INTENTION = 'Refuah shleimah for Chaim ben Sarah';
const APPLICATION_NOTE = 'Private note: my husband does not know I applied';
const CONTACT_TEXT = 'Please pray for my daughter Esther bat Rachel';
const secrets = [INTENTION, APPLICATION_NOTE, CONTACT_TEXT, 'Chaim', 'Esther'];

let standIn: GhlStandIn;
let receiver: WebhookReceiver;
const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  standIn = await startGhlStandIn();
  receiver = await startWebhookReceiver();
  const database = await createTestDatabase();
  app = await buildApp({
    env: parseEnv({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://tziyun.test',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      ...ghlTestEnv(standIn),
    }),
    database,
    mailer: createMemoryMailer(),
    logger: loggerOptions('trace', { write: (line: string) => void lines.push(line) }),
    clientDir: join(import.meta.dirname, 'no-client-build'),
  });
  app.addHook('onClose', () => database.close());
  await app.ready();
  await saveEndpointUrl(app.database.db, receiver.url, new Date());
});
afterAll(async () => {
  await app.close();
  await standIn.close();
  await receiver.close();
});

describe('what leaves the site', () => {
  it('carries no prayer intention, application message or contact text anywhere', async () => {
    const applied = await sendMembershipApplication(app, {
      firstName: 'Rivka',
      lastName: 'Cohen',
      email: 'rivka@example.org',
      membershipTier: 'beacon',
      prayerIntentions: INTENTION,
      message: APPLICATION_NOTE,
    });
    expect(applied.statusCode).toBe(200);
    await sendContactMessageThenDrain(app, {
      name: 'Dina Roth',
      email: 'dina@example.org',
      message: CONTACT_TEXT,
    });

    expect(standIn.byEmail('rivka@example.org')!.tags).toEqual(['member-beacon']);
    expect(
      receiver
        .accepted()
        .map((r) => r.event.type)
        .sort(),
    ).toEqual(['contact.received', 'membership.applied']);
    const integrationJobs = (await app.database.db.select().from(jobs)).filter(
      (j) => !j.kind.startsWith('mail.'),
    );
    const stored = await app.database.db.select().from(webhookDeliveries);
    const everything = [
      ...standIn.requests.map((r) => JSON.stringify(r.body)),
      ...receiver.received.map((r) => r.body),
      ...integrationJobs.map((j) => JSON.stringify(j.payload)),
      ...stored.map((d) => JSON.stringify(d.payload)),
      ...lines,
    ].join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });

  it('refuses an event that carries a field it may not, inside the caller’s transaction', async () => {
    const attempt = app.database.db.transaction((tx) =>
      announce(tx, {
        type: 'membership.applied',
        applicationId: 'a1',
        firstName: 'Sneaky',
        lastName: 'Field',
        email: 'sneaky@example.org',
        phone: null,
        tier: 'spark',
        // A caller passing the whole form by mistake:
        ...({ prayerIntentions: INTENTION } as object),
      }),
    );
    await expect(attempt).rejects.toThrow(/prayerIntentions/);
  });
});
