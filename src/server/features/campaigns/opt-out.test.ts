import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignOptOuts } from '~/db/schema';
import { campaignOptOutMessages } from '~/shared/schemas/campaign-opt-out';
import { auditEntries } from '~tests/helpers/admin';
import { giveByCard, liveCampaign } from '~tests/helpers/campaigns';
import { expectHiddenTokenPage } from '~tests/helpers/link-session';
import { fromAnotherSite, pageData, postPageForm, visibleText } from '~tests/helpers/page-forms';
import { deliverEvent, drainOutbox, setUpStripeTestApp } from '~tests/helpers/stripe';
import { isDonorOptedOut, listCampaignOptOuts } from './opt-out';

const t = setUpStripeTestApp({}, { admin: { username: 'opt-out-office' } });

const day = 24 * 3_600_000;
const optOutDay = () => liveCampaign(t.app, t.admin, { title: 'Opt-out day' });

/** A paid card gift to the campaign, and the link in its receipt mail as the donor gets it. */
async function giveAndReadReceipt(slug: string, email: string) {
  const pi = await giveByCard(t, slug, 36, { name: 'Sara Cohen', email });
  await drainOutbox(t.app);
  const donation = await t.donationOf(pi.id);
  const receipt = t.app.sentMail.find(
    (m) => m.to.toLowerCase() === email.toLowerCase() && m.text.includes(donation.receiptNumber!),
  )!;
  expect(receipt.text).toContain('Don’t ask me again for this campaign:');
  const link = /(https:\/\/tziyun\.test\/donate\/opt-out\?token=\S+)/.exec(receipt.text)![1]!;
  expect(receipt.html).toContain(`href="${link}"`);
  const url = new URL(link);
  return { donation, page: `${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
}

describe('"Don’t ask me again for this campaign" from a receipt', () => {
  it('opens a page that names the campaign, records nothing, and works without JavaScript', async () => {
    const campaign = await optOutDay();
    const email = 'Page.Donor@Example.org';
    const { page, token } = await giveAndReadReceipt(campaign.slug, email);
    const res = await t.app.inject(page);
    expectHiddenTokenPage(res);
    const text = visibleText(res.body);
    expect(text).toContain('Thank you for your gift to Opt-out day');
    expect(res.body).toContain('name="_form" value="campaign-opt-out"');
    expect(res.body).toContain(`name="token" value="${token}"`);
    expect(pageData(res.body).data).toEqual({ campaignTitle: 'Opt-out day', optedOut: false });
    expect(await isDonorOptedOut(t.app.database.db, campaign.id, email)).toBe(false);
  });

  it('records on the button, once, audited; a second press and a second receipt change nothing', async () => {
    const campaign = await optOutDay();
    const email = 'twice@example.org';
    const first = await giveAndReadReceipt(campaign.slug, email);
    const posted = await postPageForm(t.app, first.page, {
      _form: 'campaign-opt-out',
      token: first.token,
    });
    expect(posted.statusCode, posted.body).toBe(303);
    expect(posted.headers.location).toBe(`${first.page}&sent=campaign-opt-out`);
    const after = await t.app.inject(posted.headers.location as string);
    expect(visibleText(after.body)).toContain(campaignOptOutMessages.recorded);
    expect(after.body).not.toContain('value="campaign-opt-out"');

    expect(await isDonorOptedOut(t.app.database.db, campaign.id, 'TWICE@example.org')).toBe(true);
    const [row] = await listCampaignOptOuts(t.app.database.db, campaign.id);
    expect(row).toMatchObject({ email, donorId: first.donation.donorId });

    const again = await postPageForm(t.app, first.page, {
      _form: 'campaign-opt-out',
      token: first.token,
    });
    expect(again.statusCode).toBe(303);
    const second = await giveAndReadReceipt(campaign.slug, email);
    const fromSecond = await postPageForm(t.app, second.page, {
      _form: 'campaign-opt-out',
      token: second.token,
    });
    expect(fromSecond.statusCode).toBe(303);
    expect(await listCampaignOptOuts(t.app.database.db, campaign.id)).toHaveLength(1);
    expect(await auditEntries(t.app, 'campaign-opt-out', campaign.slug)).toHaveLength(1);
    expect((await auditEntries(t.app, 'campaign-opt-out', campaign.slug))[0]).toMatchObject({
      actorId: null,
      details: { by: 'donor', donation: first.donation.id },
    });

    // Opened again later, the page says it is done and offers no button.
    const later = await t.app.inject(second.page);
    expect(visibleText(later.body)).toContain(campaignOptOutMessages.already);
    expect(later.body).not.toContain('value="campaign-opt-out"');
  });

  it('is for this campaign only', async () => {
    const one = await optOutDay();
    const other = await optOutDay();
    const email = 'one-campaign@example.org';
    const { page, token } = await giveAndReadReceipt(one.slug, email);
    await postPageForm(t.app, page, { _form: 'campaign-opt-out', token });
    expect(await isDonorOptedOut(t.app.database.db, one.id, email)).toBe(true);
    expect(await isDonorOptedOut(t.app.database.db, other.id, email)).toBe(false);
  });

  it('refuses a post from another site, recording nothing', async () => {
    const campaign = await optOutDay();
    const { page, token } = await giveAndReadReceipt(campaign.slug, 'elsewhere@example.org');
    const res = await postPageForm(
      t.app,
      page,
      { _form: 'campaign-opt-out', token },
      fromAnotherSite,
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await listCampaignOptOuts(t.app.database.db, campaign.id)).toEqual([]);
  });

  it('says plainly why a missing, forged, expired or unknown link does nothing (4xx, never 5xx)', async () => {
    const campaign = await optOutDay();
    const { donation } = await giveAndReadReceipt(campaign.slug, 'bad-links@example.org');
    const sign = (purpose: string, subject: string, inMs: number) =>
      encodeURIComponent(
        t.app.linkSigner.sign(purpose, subject, new Date(t.app.clock().getTime() + inMs)),
      );
    const cases: [string, number, string][] = [
      ['/donate/opt-out', 400, 'This link is not valid.'],
      ['/donate/opt-out?token=', 400, 'This link is not valid.'],
      ['/donate/opt-out?token=garbage', 400, campaignOptOutMessages.invalid],
      [
        `/donate/opt-out?token=${sign('receipt-pdf', donation.id, day)}`,
        400,
        campaignOptOutMessages.invalid,
      ],
      [
        `/donate/opt-out?token=${sign('campaign-opt-out', donation.id, -1000)}`,
        400,
        campaignOptOutMessages.expired,
      ],
      [
        `/donate/opt-out?token=${sign('campaign-opt-out', crypto.randomUUID(), day)}`,
        404,
        campaignOptOutMessages.unknown,
      ],
    ];
    for (const [url, status, message] of cases) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(status);
      expect(visibleText(res.body), url).toContain(message);
      expect(res.body, url).not.toContain('value="campaign-opt-out"');
      const token = new URL(url, 'https://tziyun.test').searchParams.get('token') ?? '';
      const posted = await postPageForm(t.app, url, { _form: 'campaign-opt-out', token });
      expect(posted.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(posted.statusCode, url).toBeLessThan(500);
    }
    expect(
      await t.app.database.db
        .select()
        .from(campaignOptOuts)
        .where(eq(campaignOptOuts.campaignId, campaign.id)),
    ).toEqual([]);
  });

  it('is not offered on the receipt of a gift to no campaign', async () => {
    const email = 'plain-gift@example.org';
    const pi = await t.startCheckout({ amount: 18, name: 'Plain Gift', email });
    await deliverEvent(t.app, t.standIn.event('payment_intent.succeeded', t.standIn.pay(pi.id)));
    await drainOutbox(t.app);
    const receipt = t.app.sentMail.find((m) => m.to === email)!;
    expect(receipt.text).not.toContain('/donate/opt-out');
    expect(receipt.text).not.toContain('Don’t ask me again');
  });
});
