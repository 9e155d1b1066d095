import { describe, expect, it } from 'vitest';
import { expectHiddenTokenPage } from '~tests/helpers/link-session';
import { fromAnotherSite, pageData, postPageForm, visibleText } from '~tests/helpers/page-forms';
import { drainOutbox, setUpStripeTestApp } from '~tests/helpers/stripe';
import { MANAGE_GIFT_PURPOSE } from '~/server/services/receipts/manage-link';
import { portalUnreachableMessage } from './open-portal-session';

const t = setUpStripeTestApp();

const dayMs = 24 * 60 * 60 * 1000;
const portalPath = '/v1/billing_portal/sessions';
const inDays = (days: number) => new Date(t.app.clock().getTime() + days * dayMs);

/** A monthly gift whose first charge went through, and the token of its receipt's manage link. */
async function paidMonthlyGift(email: string) {
  const { pi, subscriptionId, invoiceId } = await t.startMonthly({
    amount: 36,
    email,
    dedication: { kind: 'honor', name: 'Leah bat Sarah' },
  });
  await t.payFirstInvoice({ pi, invoiceId });
  await drainOutbox(t.app);
  const receipt = t.app.sentMail.findLast((m) => m.to === email)!;
  const match = /^https:\/\/tziyun\.test(\/donate\/manage\?token=\S+)$/m.exec(receipt.text);
  expect(match, receipt.text).not.toBeNull();
  const page = match![1]!;
  return { subscriptionId, page, token: new URL(page, 'https://x').searchParams.get('token')! };
}

describe('/donate/manage without JavaScript', () => {
  it('renders the gift on the server from the receipt’s link, as a hidden-token page', async () => {
    const { page, token } = await paidMonthlyGift('mp1@example.org');
    const portals = t.standIn.requestsTo('POST', portalPath).length;
    const res = await t.app.inject(page);
    expectHiddenTokenPage(res);
    const text = visibleText(res.body);
    expect(text).toContain('$36.00 a month');
    expect(text).toContain('Active');
    expect(text).toContain('In honor of Leah bat Sarah');
    expect(text).not.toContain('Loading your gift');
    expect(res.body).toContain(`action="/donate/manage?token=${encodeURIComponent(token)}"`);
    expect(res.body).toContain('name="_form" value="gift-portal"');
    // The form's redirect to the portal is allowed there, and nowhere else.
    expect(res.headers['content-security-policy']).toContain(
      "form-action 'self' https://billing.stripe.com;",
    );
    expect(pageData(res.body).data.gift).toMatchObject({ status: 'active', amountCents: 3600 });
    // Opening the link opens no portal session: only the button does.
    expect(t.standIn.requestsTo('POST', portalPath)).toHaveLength(portals);
  });

  it('sends the button’s post on to Stripe’s customer portal (303)', async () => {
    const { page, token } = await paidMonthlyGift('mp2@example.org');
    const res = await postPageForm(t.app, page, { _form: 'gift-portal', token });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_bps_/);
    const [request] = t.standIn.requestsTo('POST', portalPath).slice(-1);
    expect(request!.params).toMatchObject({ return_url: 'https://tziyun.test/donate' });
  });

  it('shows the gift again, saying nothing was changed, when Stripe fails', async () => {
    const { page, token } = await paidMonthlyGift('mp3@example.org');
    // The SDK retries a 5xx once: both tries fail.
    t.standIn.failNext({ status: 500 }, { status: 500 });
    const res = await postPageForm(t.app, page, { _form: 'gift-portal', token });
    expect(res.statusCode).toBe(502);
    const text = visibleText(res.body);
    expect(text).toContain(portalUnreachableMessage);
    expect(text).toContain('Nothing about your gift was changed.');
    expect(text).toContain('$36.00 a month');
  });

  it('refuses a post from another site without opening a session', async () => {
    const { page, token } = await paidMonthlyGift('mp4@example.org');
    const portals = t.standIn.requestsTo('POST', portalPath).length;
    const res = await postPageForm(t.app, page, { _form: 'gift-portal', token }, fromAnotherSite);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(t.standIn.requestsTo('POST', portalPath)).toHaveLength(portals);
  });

  it('says plainly why a missing, forged, expired or unknown link shows nothing (4xx)', async () => {
    const { subscriptionId, token } = await paidMonthlyGift('mp5@example.org');
    const [payload] = token.split('.');
    const at = (bad: string) => `/donate/manage?token=${encodeURIComponent(bad)}`;
    const cases: [string, number, string][] = [
      ['/donate/manage', 400, 'This link is not valid.'],
      ['/donate/manage?token=garbage', 400, 'This link is not valid.'],
      [at(`${payload}.AAAA`), 400, 'This link is not valid.'],
      [at(t.app.linkSigner.sign(MANAGE_GIFT_PURPOSE, subscriptionId, inDays(-1))), 400, 'expired'],
      [at(t.app.linkSigner.sign(MANAGE_GIFT_PURPOSE, 'sub_unknown', inDays(9))), 404, 'not find'],
    ];
    for (const [url, status, message] of cases) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['cache-control']).toBe('no-store');
      if (url.includes('token=')) expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.body).toContain('<meta name="robots" content="noindex');
      const text = visibleText(res.body);
      expect(text).toContain(message);
      expect(text).toContain('For help with your monthly gift, contact us');
      expect(res.body).not.toContain('value="gift-portal"');
    }
  });

  it('answers a garbage post or an unknown form with a 4xx page, opening no session', async () => {
    const { page, token } = await paidMonthlyGift('mp6@example.org');
    const portals = t.standIn.requestsTo('POST', portalPath).length;
    const posts: Record<string, string>[] = [
      { _form: 'gift-portal', token: 'garbage' },
      { _form: 'gift-portal' },
      { _form: 'no-such-form', token },
    ];
    for (const fields of posts) {
      const res = await postPageForm(t.app, page, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(t.standIn.requestsTo('POST', portalPath)).toHaveLength(portals);
  });
});
