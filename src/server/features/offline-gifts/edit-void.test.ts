import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '~/db/schema';
import type { TestApp } from '~tests/helpers/app';
import { auditEntries, appWithAdmin, type AdminSession } from '~tests/helpers/admin';
import { insertDonations } from '~tests/helpers/donations';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'ledger-editor' }));
});
afterAll(() => app.close());

let serial = 0;
/** A cheque of its own donor, so each test reads only its own mails. */
function cheque(overrides: object = {}) {
  serial += 1;
  return {
    name: 'Reuven Katz',
    email: `donor${serial}@example.org`,
    address: '12 Maple Ave, Monsey, NY 10952',
    amount: 180,
    method: 'check',
    receivedOn: '2026-11-02',
    reference: `70${serial}`,
    dedication: null,
    note: null,
    ...overrides,
  };
}

async function drainOutbox() {
  while ((await app.jobWorker.runOnce()) > 0) {
    // until the outbox is empty
  }
}

const record = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/admin/offline-gifts', headers: admin.headers, payload });

/** A gift recorded, its receipt sent. */
async function recordSent(payload = cheque()) {
  const res = await record(payload);
  expect(res.statusCode).toBe(201);
  await drainOutbox();
  return { gift: res.json().gift, payload };
}

const edit = (id: string, payload: object) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/offline-gifts/${id}`,
    headers: admin.headers,
    payload,
  });
const voidGift = (id: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/offline-gifts/${id}/void`,
    headers: admin.headers,
    payload,
  });
const mailsTo = (to: string) => app.sentMail.filter((m) => m.to === to);

describe('PUT /api/admin/offline-gifts/:id', () => {
  it('corrects the amount, audits who, why, old and new, and mails a corrected receipt with the same number', async () => {
    const { gift, payload } = await recordSent();
    const res = await edit(gift.id, { ...payload, amount: 118, reason: 'Typed 180 for 118' });
    expect(res.statusCode).toBe(200);
    expect(res.json().gift).toMatchObject({ amount: 118, receiptNumber: gift.receiptNumber });

    const [audit] = await auditEntries(app, 'offline-gift-edited', gift.receiptNumber);
    expect(audit!.actorUsername).toBe('ledger-editor');
    expect(audit!.details).toMatchObject({
      reason: 'Typed 180 for 118',
      before: { amountCents: 18_000 },
      after: { amountCents: 11_800 },
      correctedReceipt: true,
    });

    await drainOutbox();
    const mails = mailsTo(payload.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toContain('Corrected donation receipt');
    expect(mails[1]!.text).toContain('replaces the one we sent earlier');
    expect(mails[1]!.text).toContain(`Receipt number: ${gift.receiptNumber}`);
    expect(mails[1]!.text).toContain('$118.00');
  });

  it('sends no corrected receipt when only the office’s note changed', async () => {
    const { gift, payload } = await recordSent();
    const res = await edit(gift.id, { ...payload, note: 'Deposited Monday', reason: 'Note' });
    expect(res.statusCode).toBe(200);
    await drainOutbox();
    expect(mailsTo(payload.email)).toHaveLength(1);
    const [audit] = await auditEntries(app, 'offline-gift-edited', gift.receiptNumber);
    expect(audit!.details).toMatchObject({
      before: { note: null },
      after: { note: 'Deposited Monday' },
      correctedReceipt: false,
    });
  });

  it('replaces a receipt still waiting in the outbox instead of sending two', async () => {
    const payload = cheque();
    const created = await record(payload);
    const { gift } = created.json();
    expect(
      (await edit(gift.id, { ...payload, amount: 36, reason: 'Wrong amount' })).statusCode,
    ).toBe(200);
    await drainOutbox();
    const mails = mailsTo(payload.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).not.toContain('Corrected');
    expect(mails[0]!.text).toContain('$36.00');
  });

  it('mails the first receipt when the edit brings the email the gift lacked', async () => {
    const { gift, payload } = await recordSent(cheque({ email: null }));
    const email = `late${serial}@example.org`;
    expect((await edit(gift.id, { ...payload, email, reason: 'Email found' })).statusCode).toBe(
      200,
    );
    await drainOutbox();
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]!.subject).toContain('Your donation receipt');
  });

  it.each([
    [{ reason: '' }, 'reason', 'Please say why'],
    [{ amount: -5 }, 'amount', 'The amount must be more than $0'],
    [{ reference: '' }, 'reference', 'Please enter the cheque number'],
    [{ receivedOn: '2999-01-01' }, 'receivedOn', 'The date received cannot be in the future'],
    [
      { receivedOn: '2025-12-31' },
      'receivedOn',
      expect.stringContaining('The date must stay in 2026'),
    ],
  ])('refuses %j with a message on %s and changes nothing', async (change, field, message) => {
    const { gift, payload } = await recordSent();
    const res = await edit(gift.id, { ...payload, reason: 'Fix', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toEqual(message);
    const [row] = await app.database.db.select().from(donations).where(eq(donations.id, gift.id));
    expect(row!.amountCents).toBe(18_000);
  });

  it('answers 404 in plain words for a gift it does not know, or a card gift', async () => {
    const unknown = await edit('00000000-0000-4000-8000-000000000000', {
      ...cheque(),
      reason: 'Fix',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('not in the list of gifts received');
    const [card] = await insertDonations(app, [
      { amountCents: 5_000, donatedAt: new Date('2026-06-01T15:00:00Z') },
    ]);
    expect((await voidGift(card!.id, { reason: 'Bounced' })).statusCode).toBe(404);
  });

  it('is for the office only', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/admin/offline-gifts/00000000-0000-4000-8000-000000000000',
      headers: { origin: 'https://tziyun.test' },
      payload: { ...cheque(), reason: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/admin/offline-gifts/:id/void', () => {
  it('voids a bounced cheque: audited, kept with its number, the donor told in plain words, and no second void', async () => {
    const { gift, payload } = await recordSent();
    const res = await voidGift(gift.id, {
      reason: 'Returned NSF by Chase, fee $12',
      donorNote: 'The cheque was returned by the bank.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().gift).toMatchObject({
      receiptNumber: gift.receiptNumber,
      voided: true,
      voidReason: 'Returned NSF by Chase, fee $12',
    });
    const [audit] = await auditEntries(app, 'offline-gift-voided', gift.receiptNumber);
    expect(audit!.actorUsername).toBe('ledger-editor');
    expect(audit!.details).toMatchObject({
      reason: 'Returned NSF by Chase, fee $12',
      donorTold: true,
    });

    await drainOutbox();
    const notice = mailsTo(payload.email)[1]!;
    expect(notice.subject).toContain(`Receipt ${gift.receiptNumber} is void`);
    expect(notice.text).toContain(`Receipt number ${gift.receiptNumber}`);
    expect(notice.text).toContain('The cheque was returned by the bank.');
    expect(notice.text).not.toContain('NSF');

    const again = await voidGift(gift.id, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`Receipt ${gift.receiptNumber} is already void.`);
    const edited = await edit(gift.id, { ...payload, reason: 'Fix' });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().error.message).toContain('is void, so it can no longer be changed');
  });

  it('takes back a receipt not yet sent and sends no notice', async () => {
    const payload = cheque();
    const created = await record(payload);
    expect((await voidGift(created.json().gift.id, { reason: 'Typed twice' })).statusCode).toBe(
      200,
    );
    await drainOutbox();
    expect(mailsTo(payload.email)).toHaveLength(0);
  });

  it('needs a reason, and a bad id is refused', async () => {
    const { gift } = await recordSent();
    const res = await voidGift(gift.id, { reason: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.reason).toBe('Please say why');
    expect((await voidGift('not-an-id', { reason: 'x' })).statusCode).toBe(400);
  });
});

describe('a donor-advised fund grant', () => {
  it('is receipted as the fund’s to claim, not the donor’s', async () => {
    const { payload } = await recordSent(cheque({ method: 'daf', reference: 'G-9' }));
    const [mail] = mailsTo(payload.email);
    const text = mail!.text.replace(/\s+/g, ' ');
    expect(text).toContain('Payment method: Donor-advised fund grant G-9');
    expect(text).toContain('Donor-advised fund grant: the fund, not you, may claim this.');
    expect(text).not.toContain('tax-deductible');
  });
});
