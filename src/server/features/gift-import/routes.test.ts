import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '~/db/schema';
import { buildTestApp, type TestApp } from '~tests/helpers/app';
import { auditEntries, appWithAdmin, signIn, type AdminSession } from '~tests/helpers/admin';
import { secondConnection } from '~tests/helpers/database';

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin({ username: 'import-keeper' }));
});
afterAll(() => app.close());

const post = (url: string, payload: object, on = app, session = admin) =>
  on.inject({ method: 'POST', url, headers: session.headers, payload });
const preview = (payload: object) => post('/api/admin/gift-imports/preview', payload);
const importFile = (payload: object, on = app, session = admin) =>
  post('/api/admin/gift-imports', payload, on, session);

/** Each test's own donors and cheque numbers: the tests share one database. */
let run = 0;
function fileOf(rows: string[]) {
  run += 1;
  return ['Name,Email,Address,Amount,Date,Method,Check #,Memo', ...rows]
    .join('\r\n')
    .replaceAll('{n}', `${run}`);
}

const countOf = async (emailLike: string) =>
  (
    await app.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(donations)
      .where(sql`${donations.email} like ${emailLike}`)
  )[0]!.n;

async function drainOutbox() {
  while ((await app.jobWorker.runOnce()) > 0) {
    // until the outbox is empty
  }
}

describe('POST /api/admin/gift-imports/preview', () => {
  it('guesses the mapping and answers each row: new donor, known donor, duplicate, error', async () => {
    // A donor already giving, and a cheque already in the ledger.
    const known = await post('/api/admin/offline-gifts', {
      name: 'Reuven Katz',
      email: 'reuven-preview@example.org',
      amount: 50,
      method: 'check',
      receivedOn: '2026-10-01',
      reference: '900',
    });
    expect(known.statusCode).toBe(201);
    const text = fileOf([
      'שלמה כהן,shlomo-preview@example.org,,"1,234.00",11/2/2026,Cheque,1042,',
      'Reuven Katz,reuven-preview@example.org,,$36,2026-11-03,Zelle,,',
      'Reuven Katz,reuven-preview@example.org,,50,2026-10-01,CHK,900,',
      'Dina Levi,dina-preview@example.org,,,2026-11-03,cash,,',
      'Dina Levi,dina-preview@example.org,,18,2099-01-01,cash,,',
      'Dina Levi,dina-preview@example.org,,18,2026-11-03,check,,',
    ]);
    const res = await preview({ fileName: 'gifts.csv', text });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.headers[6]).toBe('Check #');
    expect(body.mapping).toMatchObject({
      name: 0,
      email: 1,
      amount: 3,
      receivedOn: 4,
      method: 5,
      reference: 6,
      note: 7,
    });
    expect(body.rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      'new-donor',
      'known-donor',
      'duplicate',
      'error',
      'error',
      'error',
    ]);
    expect(body.rows[0]).toMatchObject({
      line: 2,
      name: 'שלמה כהן',
      amount: 1234,
      receivedOn: '2026-11-02',
      method: 'check',
      reference: '1042',
    });
    expect(body.rows[2].message).toBe(
      `Already recorded, receipt ${known.json().gift.receiptNumber}.`,
    );
    expect(body.rows[3].message).toBe('The amount is missing.');
    expect(body.rows[4].message).toBe('The date received is in the future.');
    expect(body.rows[5].message).toBe('Please enter the cheque number.');
    expect(body.counts).toEqual({ 'new-donor': 1, 'known-donor': 1, duplicate: 1, error: 3 });
    expect(await countOf('%-preview@example.org')).toBe(1);
  });

  it('knows a donor without an email by name and address, and one method for a whole file', async () => {
    const text = fileOf([
      'Chana Gold,,"5 Elm St, Monsey",100,2026-11-01,,,',
      'Chana Gold,,"5 Elm St, Monsey",100,2026-11-01,,,',
    ]);
    const mapping = { name: 0, address: 2, amount: 3, receivedOn: 4 };
    await importFile({
      fileName: 'first.csv',
      text: fileOf(['Chana Gold,,"5 Elm St, Monsey",50,2026-10-01,,,']),
      mapping,
      method: 'cash',
    });
    const res = await preview({ fileName: 'cash.csv', text, mapping, method: 'cash' });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().rows.map((r: { outcome: string; method: string }) => [r.outcome, r.method]),
    ).toEqual([
      ['known-donor', 'cash'],
      ['known-donor', 'cash'],
    ]);
  });

  it('refuses an empty file, a file without an amount column, a file too big, in plain words', async () => {
    const empty = await preview({ fileName: 'empty.csv', text: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.text).toBe('The file is empty.');

    const noAmount = await preview({
      fileName: 'a.csv',
      text: fileOf(['Levi,levi@example.org,,18,2026-11-01,cash,,']),
      mapping: { name: 0, email: 1, receivedOn: 4, method: 5 },
    });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().error.fields['mapping.amount']).toBe(
      'Please choose the column of the amount.',
    );

    const big = await preview({
      fileName: 'big.csv',
      text: fileOf([`Levi,levi@example.org,,18,2026-11-01,cash,,"${'x'.repeat(1_000_001)}"`]),
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().error.message).toBe(
      'The file is larger than 1 MB. Please split it into smaller files.',
    );

    const broken = await preview({ fileName: 'b.csv', text: 'Name,Amount\n"Levi,18\n' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(
      'We could not read the file: Line 2: a quoted field is not closed.',
    );

    const noFile = await preview({ fileName: '', mapping: { amount: -1 } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.fields).toMatchObject({
      fileName: 'Please choose a file',
      text: 'Please choose a file',
    });
  });
});

describe('POST /api/admin/gift-imports', () => {
  it('records every gift with its receipt number, audited once, no receipts mailed by default', async () => {
    const text = fileOf([
      'שלמה כהן,shlomo-{n}@example.org,,"1,234.00",11/2/2026,Cheque,1042,Thank you note sent',
      'Dina Levi,dina-{n}@example.org,,18,2026-11-03,cash,,',
      'Dina Levi,dina-{n}@example.org,,18,2026-11-03,cash,,',
    ]);
    const res = await importFile({ fileName: 'november.csv', text });
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({ imported: 3, skipped: 0, mailed: 0 });
    expect(result.receiptNumbers).toHaveLength(3);
    for (const n of result.receiptNumbers) expect(n).toMatch(/^2026-\d{6}$/);
    const rows = await app.database.db
      .select()
      .from(donations)
      .where(inArray(donations.receiptNumber, result.receiptNumbers));
    const shlomo = rows.find((r) => r.amountCents === 123_400)!;
    expect(shlomo).toMatchObject({
      donorName: 'שלמה כהן',
      paymentMethod: 'offline',
      offlineMethod: 'check',
      offlineReference: '1042',
      officeNote: 'Thank you note sent',
    });
    const audit = await auditEntries(app, 'gifts-imported');
    const entry = audit.find((a) => a.target === 'november.csv');
    expect(entry).toMatchObject({ actorUsername: 'import-keeper' });
    expect(entry!.details).toMatchObject({ rows: 3, imported: 3, amountCents: 127_000 });
    await drainOutbox();
    expect(app.sentMail.filter((m) => m.to.includes(`dina-${run}@example.org`))).toHaveLength(0);
  });

  it("reads Excel's CSV of a bank: byte-order mark, `;`, `1,234.00`, a Hebrew name, the address in columns", async () => {
    const text = [
      '\uFEFFPayer;Address 1;City;State;Zip Code;Amount;Deposit Date;Check No',
      'מרים לוי;12 Maple Ave;Monsey;NY;10952;1,234.00;11/03/2026;88{n}',
      'Avrohom Stein;3 Oak St Apt 2;Spring Valley;NY;10977;36;11/04/2026;89{n}',
    ]
      .join('\r\n')
      .replaceAll('{n}', `${++run}`);
    const shown = await preview({ fileName: 'bank.csv', text, method: 'check' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().mapping).toMatchObject({ address: 1, city: 2, state: 3, zip: 4 });
    expect(shown.json().counts).toMatchObject({ 'new-donor': 2, error: 0 });

    const res = await importFile({ fileName: 'bank.csv', text, method: 'check' });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await app.database.db
      .select()
      .from(donations)
      .where(inArray(donations.receiptNumber, res.json().receiptNumbers));
    expect(
      rows
        .map((r) => [r.donorName, r.postalAddress, r.amountCents])
        .sort((a, b) => Number(a[2]) - Number(b[2])),
    ).toEqual([
      ['Avrohom Stein', '3 Oak St Apt 2, Spring Valley, NY 10977', 3_600],
      ['מרים לוי', '12 Maple Ave, Monsey, NY 10952', 123_400],
    ]);
    // The same file again: both donors are known, both gifts already there.
    const again = await preview({ fileName: 'bank.csv', text, method: 'check' });
    expect(again.json().counts).toMatchObject({ duplicate: 2 });
  });

  it('puts the gifts of a donor without email on one record: the known one, or one new one for the file', async () => {
    const first = fileOf(['Leib Katz {n},,"9 Birch Rd, Monsey",50,2026-10-01,,,']);
    const tag = run;
    expect((await importFile({ fileName: 'a.csv', text: first, method: 'cash' })).statusCode).toBe(
      201,
    );
    const second = fileOf([
      `LEIB KATZ ${tag},,"9 Birch Rd, Monsey",70,2026-10-05,,,`,
      `Sara Fein ${tag},,"2 Pine St, Monsey",10,2026-10-06,,,`,
      `Sara Fein ${tag},,"2 Pine St, Monsey",12,2026-10-07,,,`,
      `Sara Fein ${tag},,"40 Other Rd, Suffern",14,2026-10-08,,,`,
    ]);
    const shown = await preview({ fileName: 'b.csv', text: second, method: 'cash' });
    expect(shown.json().rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      'known-donor',
      'new-donor',
      'new-donor',
      'new-donor',
    ]);
    expect((await importFile({ fileName: 'b.csv', text: second, method: 'cash' })).statusCode).toBe(
      201,
    );
    const rows = await app.database.db
      .select({ cents: donations.amountCents, donorId: donations.donorId })
      .from(donations)
      .where(sql`${donations.donorName} ilike ${`% ${tag}`}`);
    const recordOf = (cents: number) => rows.find((r) => r.cents === cents * 100)!.donorId;
    expect(recordOf(70)).toBe(recordOf(50));
    expect(recordOf(12)).toBe(recordOf(10));
    // A name alone is not a person: the same name at another address is another record.
    expect(new Set([recordOf(50), recordOf(10), recordOf(14)]).size).toBe(3);
  });

  it('imports the same file twice as once: the second time every row is a duplicate', async () => {
    const text = fileOf(['Moshe Stern,moshe-{n}@example.org,,250,2026-11-04,Zelle,,']);
    const email = `moshe-${run}@example.org`;
    expect((await importFile({ fileName: 'zelle.csv', text })).json()).toMatchObject({
      imported: 1,
    });
    const again = await importFile({ fileName: 'zelle-copy.csv', text });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ imported: 0, skipped: 1 });
    const seen = await preview({ fileName: 'zelle.csv', text });
    expect(seen.json().rows[0]).toMatchObject({
      outcome: 'duplicate',
      message: 'Imported before, from line 2 of zelle.csv.',
    });
    expect(await countOf(email)).toBe(1);
  });

  it('records nothing when one row is an error, and says which and why', async () => {
    const text = fileOf([
      'Avi Roth,avi-{n}@example.org,,100,2026-11-01,cash,,',
      'Avi Roth,avi-{n}@example.org,,100,2026-11-01,bitcoin,,',
    ]);
    const res = await importFile({ fileName: 'bad.csv', text });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'Nothing was imported: a row has a problem. Please correct the file and try again.',
    );
    expect(res.json().error.fields['rows.3']).toMatch(
      /^Line 3: “bitcoin” is not a way of giving we know/,
    );
    expect(await countOf(`avi-${run}@example.org`)).toBe(0);
  });

  it('mails the receipts when the office asks, to the donors with an email', async () => {
    const text = fileOf([
      'Yael Adler,yael-{n}@example.org,,72,2026-11-05,DAF,G-77,',
      'Ezra Blum,,"9 Oak Rd, Monsey",72,2026-11-05,DAF,G-78,',
    ]);
    const res = await importFile({ fileName: 'daf.csv', text, mailReceipts: true });
    expect(res.json()).toMatchObject({ imported: 2, mailed: 1 });
    await drainOutbox();
    expect(app.sentMail.filter((m) => m.to.includes(`yael-${run}@example.org`))).toHaveLength(1);
  });

  it('refuses an import without the columns a gift needs', async () => {
    const res = await importFile({ fileName: 'x.csv', text: 'Foo,Bar\n1,2\n' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('mapping.name');
  });

  it('records each gift once when two instances import the same file at once', async () => {
    const database = await secondConnection(app.database);
    const other = await buildTestApp({}, undefined, { database });
    try {
      const otherAdmin = await signIn(other, { username: 'second-importer' });
      const text = fileOf(
        Array.from(
          { length: 20 },
          (_, i) => `Donor ${i},race-{n}-${i}@example.org,,${10 + i},2026-11-06,check,${7000 + i},`,
        ),
      );
      const [a, b] = await Promise.all([
        importFile({ fileName: 'race.csv', text }),
        importFile({ fileName: 'race.csv', text }, other, otherAdmin),
      ]);
      expect([a!.statusCode, b!.statusCode]).toEqual([201, 201]);
      expect(a!.json().imported + b!.json().imported).toBe(20);
      expect(await countOf(`race-${run}-%`)).toBe(20);
    } finally {
      await other.close();
      if (database !== app.database) await database.close();
    }
  });
});
