import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '~tests/helpers/admin';
import { createTestDatabase } from '~tests/helpers/database';
import { createMemoryMailer } from '~tests/helpers/mail';
import {
  chargeOjcPayment,
  createOjcPayment,
  testCard,
  testCardDigits,
  ojcTestEnv,
} from '~tests/helpers/ojc';
import { startOjcStandIn, type OjcStandIn } from '~tests/helpers/ojc-stand-in';
import { buildApp, loggerOptions } from '~/server/app';
import { parseEnv } from '~/server/env';

/**
 * Card numbers never reach the logs or the database in the clear: the app runs with its real
 * logger at trace level through every OJC path (success, declines, OJC down or silent, bad
 * input, a monthly renewal and its decline, the admin's verify), then the logs and every row of
 * every table are searched for the number.
 */
const lines: string[] = [];
let standIn: OjcStandIn;
let offsetMs = 0;
let app: Awaited<ReturnType<typeof buildApp>>;
let sentMail: { text: string }[];

beforeAll(async () => {
  standIn = await startOjcStandIn();
  const database = await createTestDatabase();
  const mailer = createMemoryMailer();
  const built = await buildApp({
    env: parseEnv({ NODE_ENV: 'test', PUBLIC_URL: 'https://tziyun.test', ...ojcTestEnv(standIn) }),
    database,
    mailer,
    jobClock: () => new Date(Date.now() + offsetMs),
    logger: loggerOptions('trace', { write: (line: string) => void lines.push(line) }),
    clientDir: join(import.meta.dirname, 'no-client-build'),
  });
  built.addHook('onClose', () => database.close());
  await built.ready();
  app = built;
  sentMail = mailer.sent;
});
afterAll(async () => {
  await app.close();
  await standIn.close();
});

/** The number as typed, as sent, and its first twelve digits (more than a receipt may show). */
const forms = [testCard, testCardDigits, testCardDigits.slice(0, 12), '9000-1234-5678-4242'];

async function everyRow(): Promise<string[]> {
  const rowsOf = async (query: ReturnType<typeof sql.raw>) =>
    ((await app.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rowsOf(
    sql.raw(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    ),
  );
  const rows: string[] = [];
  for (const { name } of tables) {
    for (const row of await rowsOf(
      sql.raw(`select row_to_json(t)::text as row from "${String(name)}" t`),
    )) {
      rows.push(`${String(name)}: ${String(row.row)}`);
    }
  }
  return rows;
}

describe('OJC card numbers', () => {
  beforeAll(async () => {
    const paid = await createOjcPayment(app);
    expect((await chargeOjcPayment(app, paid)).statusCode).toBe(200);
    expect((await chargeOjcPayment(app, paid)).statusCode).toBe(409);

    for (const answer of [406, 451, 452, 461, 462, 500, 'drop'] as const) {
      standIn.answerNext(answer);
      const paymentId = await createOjcPayment(app);
      expect((await chargeOjcPayment(app, paymentId)).statusCode).toBeGreaterThanOrEqual(400);
    }
    const refused = await createOjcPayment(app);
    const expired = await chargeOjcPayment(app, refused, { expiry: '01/20' });
    expect(expired.statusCode).toBe(400);
    await standIn.down();
    expect((await chargeOjcPayment(app, refused)).statusCode).toBe(502);
    await standIn.up();

    const monthly = await createOjcPayment(app, { donationType: 'subscription' });
    expect((await chargeOjcPayment(app, monthly)).statusCode).toBe(200);
    const declinedMonthly = await createOjcPayment(app, { donationType: 'subscription' });
    expect(
      (await chargeOjcPayment(app, declinedMonthly, { cardNumber: '9000 1234 5678 0000' }))
        .statusCode,
    ).toBe(200);
    standIn.answerCard('9000123456780000', 462);
    offsetMs += 32 * 24 * 60 * 60 * 1000;
    while ((await app.jobWorker.runOnce()) > 0) {
      // until nothing is due
    }

    const admin = await signIn(app);
    const verify = await app.inject({
      method: 'POST',
      url: `/api/ojc/verify-payment/${paid}`,
      headers: admin.headers,
    });
    expect(verify.statusCode).toBe(200);
  });

  it('were charged: the paths above really ran', () => {
    const log = lines.join('');
    for (const expected of [
      'OJC payment charged',
      'OJC declined the card',
      'OJC refused the organisation or the credentials',
      'OJC could not be reached',
      'OJC did not answer a charge',
      'monthly OJC charge: approved',
      'monthly OJC charge: declined',
      'OJC charge refused before calling OJC',
    ]) {
      expect(log).toContain(expected);
    }
    expect(standIn.approved().length).toBeGreaterThanOrEqual(4);
  });

  it('never appear in the logs', () => {
    const log = lines.join('');
    for (const form of forms) expect(log).not.toContain(form);
    expect(log).not.toContain('9000123456780000');
  });

  it('never appear in any row of any table; the last four digits are kept for display', async () => {
    const rows = await everyRow();
    expect(
      rows.some((row) => row.startsWith('donations:') && row.includes('"card_last4":"4242"')),
    ).toBe(true);
    for (const form of forms) {
      expect(rows.filter((row) => row.includes(form))).toEqual([]);
    }
    expect(rows.filter((row) => row.includes('9000123456780000'))).toEqual([]);
  });

  it('never appear in the mail sent', () => {
    expect(sentMail.length).toBeGreaterThan(0);
    for (const mail of sentMail) {
      for (const form of forms) expect(mail.text).not.toContain(form);
    }
  });
});
