import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import siteConfig from '@site-config';
import { buildTestApp } from '~tests/helpers/app';
import { postPageForm, visibleText } from '~tests/helpers/page-forms';

let app: Awaited<ReturnType<typeof buildTestApp>>;
/** With card and OJC payments set up: the donate page and the checkout offer only those. */
let paying: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
  paying = await buildTestApp({
    STRIPE_SECRET_KEY: 'sk_test_pages',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_pages',
    OJC_USERNAME: 'user',
    OJC_PASSWORD: 'password',
    OJC_ORG_ID: 'org==',
    OJC_CARD_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  });
});
afterAll(() => Promise.all([app.close(), paying.close()]));

async function page(url: string, server = app) {
  const res = await server.inject(url);
  return { res, html: res.body, text: visibleText(res.body) };
}

describe('server-rendered public pages', () => {
  it('renders the layout on every page: navigation, footer, newsletter and copyright', async () => {
    for (const url of ['/', '/join', '/contact', '/donate', '/videos', '/test-stripe']) {
      const { res, text, html } = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      for (const label of [
        'Home',
        'Miracles',
        'Rabbi',
        'Membership',
        'Videos',
        'Donate',
        'Contact',
      ]) {
        expect(text, `${url} nav ${label}`).toContain(label);
      }
      expect(html).toContain('href="/#miracles"');
      // The phone menu opens without JavaScript, and closes on a link to a section: it is shown
      // while the address names it (CSS :target).
      expect(html).toMatch(/<a href="#mobile-menu"[^>]*><span[^>]*>Menu<\/span>/);
      expect(html).toMatch(/<div id="mobile-menu" class="[^"]*\btarget:block\b/);
      expect(html).not.toContain('<details');
      expect(text).toContain('Inspire Me');
      expect(text).toMatch(/© \d{4} Tziyun Community Inc\./);
      for (const network of ['Twitter', 'Instagram', 'Facebook', 'TikTok', 'YouTube', 'WhatsApp']) {
        expect(html, `${url} social ${network}`).toContain(
          `aria-label="${network} (opens in a new tab)"`,
        );
      }
    }
  });

  it('renders the home page sections in order with their ids and texts', async () => {
    const { html, text } = await page('/');
    const ids = ['home', 'tiers', 'miracles', 'rabbi', 'membership', 'donate', 'contact'];
    const positions = ids.map((id) => html.indexOf(`id="${id}"`));
    expect(
      positions.every((p) => p > 0),
      JSON.stringify(positions),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const phrase of [
      'Support Our Mission',
      'Spark Tier',
      'Flame Tier',
      'Beacon Tier',
      'MOST POPULAR',
      'Support with $180',
      'Healing',
      'Shidduch',
      'Prosperity',
      'Connect to Your Journey',
      siteConfig.contact.email,
      siteConfig.contact.phone,
      'Monsey, NY 10952',
      'Support our sacred mission!',
    ]) {
      expect(text, phrase).toContain(phrase);
    }
  });

  it('renders /join with the popular tier, the four steps and the form', async () => {
    const { text, html } = await page('/join');
    expect(text).toContain('Flame Tier');
    expect(text).toContain('$360');
    expect(text).toContain('What Happens Next?');
    expect(text).toContain('Receive a confirmation email with payment details');
    expect(text).toContain('Back to Homepage');
    expect(html).toMatch(
      /<textarea[^>]*name="prayerIntentions"[^>]*rows="3"|<textarea[^>]*rows="3"[^>]*name="prayerIntentions"/,
    );
    const beacon = await page('/join?tier=beacon');
    expect(beacon.text).toContain('$820');
  });

  it('shows /prayer-names?token= as a button that posts the token, then sends it out of the address', async () => {
    const { res, text, html } = await page('/prayer-names?token=secret-token-value');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(text).toContain('Open my names');
    expect(html).toMatch(/<input type="hidden" name="token" value="secret-token-value"\/>/);
    const opened = await postPageForm(app, '/prayer-names', {
      _form: 'prayer-link-open',
      token: 'secret-token-value',
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/prayer-names?link=invalid');
    const { res: shown, text: refusal, html: after } = await page(opened.headers.location!);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(refusal).toContain('Names for Prayer');
    expect(refusal).toContain('This link is not valid. Ask for a new one below.');
    expect(refusal).toContain('Send me the link');
    expect(after).not.toContain('secret-token-value');
  });

  it('renders /contact with the contact section as its own page', async () => {
    const { text, html } = await page('/contact');
    expect(text).toContain('Connect to Your Journey');
    expect(html).toMatch(/<h1[^>]*>Connect to Your Journey<\/h1>/);
    expect(text).toContain('Send Message');
  });

  it('posts every form, so a submit before hydration never puts what was typed in the address', async () => {
    for (const url of ['/', '/join', '/contact']) {
      const forms = (await page(url)).html.match(/<form[^>]*>/g) ?? [];
      expect(forms.length, url).toBeGreaterThan(0);
      for (const form of forms) expect(form, url).toMatch(/method="post"/);
    }
  });

  it('redirects /checkout without a whole amount above zero to /donate, with the choice and what is wrong', async () => {
    for (const [query, location] of [
      ['', '/donate?type=onetime&missing=amount'],
      [
        '?type=subscription&method=ojc&amount=',
        '/donate?type=subscription&method=ojc&missing=amount',
      ],
      ['?amount=0', '/donate?amount=0&type=onetime'],
      ['?amount=-3', '/donate?amount=-3&type=onetime'],
      ['?amount=1.5', '/donate?amount=1.5&type=onetime'],
      ['?amount=x', '/donate?amount=x&type=onetime'],
    ]) {
      const res = await app.inject(`/checkout${query}`);
      expect(res.statusCode, query).toBe(302);
      expect(res.headers.location, query).toBe(location);
    }
    // The page it lands on says what was missing, in the form's own words.
    const told = await page('/donate?type=onetime&missing=amount', paying);
    expect(told.text).toContain('Choose an amount or type one, then press Donate.');
    expect((await app.inject('/checkout?amount=36&type=onetime')).statusCode).toBe(200);
  });

  it('renders the donate page: tabs, presets, the disabled button, the impact list', async () => {
    const { html, text } = await page('/donate', paying);
    expect(html).toMatch(/role="tablist"/);
    expect(text).toContain('One-Time');
    expect(text).toContain('Monthly');
    for (const preset of [36, 72, 100, 250]) expect(text).toContain(`$${preset}`);
    expect(text).toContain('Make this a monthly recurring donation');
    // Disabled once the page has hydrated; before, and without JavaScript, it sends the form.
    // Never 'Donate $0': without an amount it says what to do.
    expect(html).toMatch(
      /<button type="submit" class="[^"]*opacity-60"[^>]*>Choose an amount to donate<\/button>/,
    );
    expect(text).not.toContain('Donate $0');
    // The tabs are links to the page open on each, so Monthly works without scripts.
    expect(html).toMatch(
      /<a role="tab"[^>]* href="\/donate\?type=onetime&amp;method=[a-z_]+&amp;tab=monthly"/,
    );
    expect(text).toContain('Sponsors healing and blessing prayers');
    expect(html).toMatch(/<form[^>]* action="\/checkout" method="get"/);
    expect(text).not.toContain('There was an issue processing your payment');
  });

  it('shows the donate page’s banners from the success and error flags', async () => {
    expect((await page('/donate?success=true')).text).toContain(
      'Thank you for your generous donation!',
    );
    const error = (await page('/donate?error=card')).text;
    expect(error).toContain(
      'There was an issue processing your payment. Please try again or contact us',
    );
    expect((await page('/donate?success=true&redirect_status=failed')).text).toContain(
      'There was an issue processing your payment',
    );
  });

  it('renders the checkout’s whole donor form for card (only the card field waits) and for OJC', async () => {
    const card = await page('/checkout?amount=36&type=onetime', paying);
    expect(card.text).not.toContain('Setting up your payment...');
    expect(card.text).toContain('$36 one-time gift');
    for (const label of ['Full Name', 'Email', 'Dedicate this gift (optional)', 'Card details']) {
      expect(card.text, label).toContain(label);
    }
    expect(card.text).toMatch(/Add \$1\.\d\d to cover the card processing fee/);
    expect(card.text).toContain('Complete Donation $36');
    // Until the card field is there (and for good without scripts) the page says it needs
    // JavaScript, that nothing was taken, and how to give another way.
    expect(card.text).toContain('Loading the secure card form from Stripe…');
    expect(card.text).toMatch(/the card field needs JavaScript\..*No money has been taken\./);
    const ojc = await page('/checkout?amount=36&type=onetime&method=ojc', paying);
    expect(ojc.text).toContain('Donate $36 via OJC');
    const monthly = await page('/checkout?amount=72&type=subscription&method=ojc', paying);
    expect(monthly.text).toContain('Subscribe $72/month via OJC');
    expect(monthly.text).toContain('$72 every month');
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const { res, text } = await page('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(text).toContain('404 Page Not Found');
    expect(res.body).toContain('<title>404 Page Not Found | Tziyun</title>');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } });
  });

  it('gives each page its own title, description, canonical URL and social cards', async () => {
    const titles = new Set<string>();
    for (const url of ['/', '/join', '/contact', '/donate', '/videos']) {
      const { html } = await page(url);
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, url).toBeTruthy();
      titles.add(title!);
      expect(html).toContain(`<link rel="canonical" href="https://tziyun.test${url}">`);
      expect(html).toMatch(/<meta name="description" content="[^"]{30,}">/);
      expect(html).toContain(
        '<meta property="og:image" content="https://tziyun.test/images/og.jpg">',
      );
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    }
    expect(titles.size).toBe(5);
  });

  it('describes the organisation with schema.org data, safely escaped', async () => {
    const { html } = await page('/');
    const json = /<script type="application\/ld\+json">(.+?)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(json!);
    expect(data).toMatchObject({
      '@type': 'NGO',
      name: 'Tziyun Community Inc.',
      taxID: '12-3456789',
    });
  });

  it('renders admin pages in the browser only, never indexed', async () => {
    const res = await app.inject('/admin/login');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('says plainly on an admin page that the admin area needs JavaScript, for browsers without it', async () => {
    for (const path of ['/admin/login', '/admin']) {
      const res = await app.inject(path);
      const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(res.body)?.[1] ?? '';
      expect(noscript, path).toContain('<h1');
      expect(noscript, path).toContain('The admin area needs JavaScript');
      expect(noscript, path).toContain('href="/"');
    }
    // Public pages work without scripts and say nothing of the kind.
    expect((await app.inject('/contact')).body).not.toContain('The admin area needs JavaScript');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lists the public pages and keeps crawlers out of admin and the API', async () => {
    const robots = await app.inject('/robots.txt');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Sitemap: https://tziyun.test/sitemap.xml');
    const sitemap = await app.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const path of ['/', '/join', '/donate', '/contact', '/videos']) {
      expect(sitemap.body).toContain(`<loc>https://tziyun.test${path}</loc>`);
    }
    expect(sitemap.body).not.toContain('/admin');
    expect(sitemap.body).not.toContain('/checkout');
  });
});
