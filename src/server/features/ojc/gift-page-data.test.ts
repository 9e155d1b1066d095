import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ojcSubscriptions } from '~/db/schema';
import { setUpOjcTestApp, startOjcMonthly } from '~tests/helpers/ojc';
import { expectHiddenTokenPage } from '~tests/helpers/link-session';
import { fromAnotherSite, pageData, postPageForm, visibleText } from '~tests/helpers/page-forms';
import { giftCancelMessages } from './gift-page-data';

const day = 24 * 60 * 60 * 1000;
const ojc = setUpOjcTestApp();

let cards = 0;
/** A monthly gift through the checkout and its first charge, and the token of its receipt's link. */
async function startMonthly() {
  cards += 1;
  const { paymentId, giftId } = await startOjcMonthly(ojc.app, {
    card: `9000 0000 ${String(2000 + cards)} 4242`,
    amount: 54,
    dedication: { kind: 'memory', name: 'Chaya bat Rivka' },
  });
  const receipt = ojc.app.sentMail.find((m) => m.text.includes(paymentId))!;
  const match = /\/donate\/cancel\?token=(\S+)/.exec(receipt.text);
  return { giftId, token: decodeURIComponent(match![1]!) };
}

const pageOf = (token: string) => `/donate/cancel?token=${encodeURIComponent(token)}`;

async function statusOf(giftId: string) {
  const [gift] = await ojc.app.database.db
    .select()
    .from(ojcSubscriptions)
    .where(eq(ojcSubscriptions.id, giftId));
  return gift!.status;
}

describe('/donate/cancel without JavaScript', () => {
  it('renders the gift on the server, as a hidden-token page, and cancels nothing', async () => {
    const { giftId, token } = await startMonthly();
    const res = await ojc.app.inject(pageOf(token));
    expectHiddenTokenPage(res);
    const text = visibleText(res.body);
    expect(text).toContain('$54.00 a month');
    expect(text).toContain('Active');
    expect(text).toContain('In memory of Chaya bat Rivka');
    expect(text).toContain('OJC card ending in 4242');
    expect(text).not.toContain('Loading your gift');
    expect(res.body).toContain(`action="${pageOf(token)}" method="post"`);
    expect(res.body).toContain('name="_form" value="gift-cancel"');
    expect(pageData(res.body).data.gift).toMatchObject({ status: 'active', amountCents: 5400 });
    expect(await statusOf(giftId)).toBe('active');
  });

  it('cancels on the form’s post, back to the page saying so; a second post changes nothing', async () => {
    const { giftId, token } = await startMonthly();
    const posted = await postPageForm(ojc.app, pageOf(token), { _form: 'gift-cancel', token });
    expect(posted.statusCode, posted.body).toBe(303);
    expect(posted.headers.location).toBe(
      `/donate/cancel?token=${encodeURIComponent(token)}&sent=gift-cancel`,
    );
    expect(await statusOf(giftId)).toBe('canceled');

    const page = await ojc.app.inject(posted.headers.location as string);
    expectHiddenTokenPage(page);
    const text = visibleText(page.body);
    expect(text).toContain('Cancelled');
    expect(text).toContain(giftCancelMessages.sent);
    expect(page.body).not.toContain('value="gift-cancel"');

    const again = await postPageForm(ojc.app, pageOf(token), { _form: 'gift-cancel', token });
    expect(again.statusCode).toBe(409);
    expect(visibleText(again.body)).toContain(giftCancelMessages.already);
    expect(visibleText(again.body)).toContain('Cancelled');
    expect(await statusOf(giftId)).toBe('canceled');
  });

  it('refuses a post from another site, cancelling nothing', async () => {
    const { giftId, token } = await startMonthly();
    const res = await postPageForm(
      ojc.app,
      pageOf(token),
      { _form: 'gift-cancel', token },
      fromAnotherSite,
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await statusOf(giftId)).toBe('active');
  });

  it('says plainly why a missing, forged, expired or unknown link shows nothing (4xx)', async () => {
    const { giftId } = await startMonthly();
    const sign = (subject: string, inMs: number) =>
      ojc.app.linkSigner.sign(
        'cancel-ojc-gift',
        subject,
        new Date(ojc.app.clock().getTime() + inMs),
      );
    const cases: [string, number, string][] = [
      ['/donate/cancel', 400, 'This link is not valid.'],
      ['/donate/cancel?token=', 400, 'This link is not valid.'],
      ['/donate/cancel?token=garbage', 400, 'This link is not valid.'],
      [pageOf(sign(giftId, -1000)), 400, 'This link has expired.'],
      [pageOf(sign(crypto.randomUUID(), day)), 404, 'We could not find this monthly gift.'],
    ];
    for (const [url, status, message] of cases) {
      const res = await ojc.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control']).toBe('no-store');
      if (url.includes('token=')) expect(res.headers['referrer-policy']).toBe('no-referrer');
      const text = visibleText(res.body);
      expect(text).toContain(message);
      expect(text).toContain('For help with your monthly gift, contact us');
      expect(res.body).not.toContain('value="gift-cancel"');
    }
  });

  it('answers a garbage post or an unknown form with a 4xx page, cancelling nothing', async () => {
    const { giftId, token } = await startMonthly();
    for (const fields of <Record<string, string>[]>[
      { _form: 'gift-cancel', token: 'garbage' },
      { _form: 'gift-cancel' },
      { _form: 'no-such-form', token },
    ]) {
      const res = await postPageForm(ojc.app, pageOf(token), fields);
      expect(res.statusCode, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await statusOf(giftId)).toBe('active');
  });
});
