import rawSiteConfig from '@site-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendContactMessage } from '~tests/helpers/contact';
import { siteContentVersions } from '~/db/schema';
import { contentMessages, type SiteContent } from '~/shared/schemas/site-content';
import { publicContentSchema, siteConfigSchema } from '~/shared/site-config-schema';
import { contentOfConfig, publicContentKeys, publicContentOf } from '~/shared/site-content';
import {
  auditEntries,
  itRefusesWithoutSessionOrToken,
  appWithAdmin,
  type AdminSession,
} from '~tests/helpers/admin';
import { buildTestApp, type TestApp } from '~tests/helpers/app';

const config = siteConfigSchema.parse(rawSiteConfig);
const seed = contentOfConfig(config);

let app: TestApp;
let admin: AdminSession;
beforeAll(async () => {
  ({ app, admin } = await appWithAdmin());
});
afterAll(() => app.close());

const state = async () => {
  const res = await app.inject({ url: '/api/admin/site-content', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    content: SiteContent;
    draft: { revision: number; by: string; changed: string[] } | null;
    history: {
      id: number;
      by: string | null;
      sections: string[];
      restoredFrom: number | null;
      setup: boolean;
    }[];
    fixed: { timeZone: string; tiers: { id: string; name: string; price: number }[] };
  };
};

const save = (section: string, value: unknown, revision: number) =>
  app.inject({
    method: 'PUT',
    url: `/api/admin/site-content/draft/${section}`,
    headers: admin.headers,
    payload: { revision, value },
  });

const publish = (revision: number) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/site-content/publish',
    headers: admin.headers,
    payload: { revision },
  });

const discard = (revision: number) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/site-content/discard',
    headers: admin.headers,
    payload: { revision },
  });

const restore = (id: number | string) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/site-content/restore/${id}`,
    headers: admin.headers,
  });

const home = async () => (await app.inject('/')).body;

/** The content the page hands the browser to hydrate with. */
const embedded = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="site-content">(.*?)<\/script>/)![1]!);

/** The whole public content, as the browser asks for it before rendering another page. */
const wholeContent = () => app.inject('/api/site-content');

const newQuote = 'The Rabbi prayed for our son at the tziyun, and he came home from the hospital.';

describe('admin → Site Content needs a session, and the CSRF token to change anything', () => {
  const calls = [
    ['GET', '/api/admin/site-content'],
    ['PUT', '/api/admin/site-content/draft/testimonials'],
    ['POST', '/api/admin/site-content/publish'],
    ['POST', '/api/admin/site-content/discard'],
    ['POST', '/api/admin/site-content/restore/1'],
  ] as const;

  itRefusesWithoutSessionOrToken(
    () => app,
    () => admin.cookie,
    calls,
    { revision: 0, value: [] },
  );
});

describe('before the office publishes anything', () => {
  it('the editor shows the configuration, with the fixed facts beside it', async () => {
    const now = await state();
    expect(now.content).toEqual(JSON.parse(JSON.stringify(seed)));
    expect(now.draft).toBeNull();
    expect(now.history).toEqual([]);
    expect(now.fixed.tiers).toEqual(
      config.tiers.map(({ id, name, price }) => ({ id, name, price })),
    );
    expect(now.fixed.timeZone).toBe(config.timeZone);
  });

  it('the pages show the configuration, and hand it to the browser with the page', async () => {
    const html = await home();
    expect(html).toContain(config.testimonials[0]!.title);
    expect(embedded(html).testimonials[0].quote).toBe(config.testimonials[0]!.quote);
  });

  it.each([
    ['/contact', ['contact', 'social']],
    // The monthly tab's tiers come with the rest, asked for when the visitor points at the tab.
    ['/donate', ['contact', 'social']],
    ['/join', ['rabbi', 'tiers', 'contact', 'social']],
    ['/', publicContentKeys],
  ])('%s hands the browser the sections it shows, no more', async (path, sections) => {
    const res = await app.inject(path);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(embedded(res.body)).sort()).toEqual([...sections].sort());
  });

  it('answers the whole public content to the browser, under its contract, kept with an ETag', async () => {
    const res = await wholeContent();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(publicContentSchema.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(publicContentOf(config))));
    const again = await app.inject({
      url: '/api/site-content',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('a section saved into the draft', () => {
  it('refuses what is wrong, field by field, and keeps nothing of it', async () => {
    const testimonials = seed.testimonials.map((t, i) => (i === 1 ? { ...t, quote: '  ' } : t));
    const res = await save('testimonials', testimonials, 0);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ 'value.1.quote': 'Quote is required' });
    expect(res.body).not.toMatch(/zod|ZodError|stack/i);
    expect((await state()).draft).toBeNull();
  });

  it.each([
    [
      'hero',
      seed.hero.map((s, i) => (i === 0 ? { ...s, buttonLink: '//elsewhere.example/' } : s)),
      'value.0.buttonLink',
      contentMessages.sitePath,
    ],
    [
      'hero',
      seed.hero.map((s, i) =>
        i === 2
          ? { ...s, backgroundImage: { ...s.backgroundImage, src: 'https://x.example/a.jpg' } }
          : s,
      ),
      'value.2.backgroundImage.src',
      contentMessages.imagePath,
    ],
    ['hero', [], 'value', 'Keep at least one slide'],
    [
      'hero',
      seed.hero.map((s, i) => (i === 1 ? { ...s, buttonLink: '/\\elsewhere.example' } : s)),
      'value.1.buttonLink',
      contentMessages.sitePath,
    ],
    [
      'rabbi',
      { ...seed.rabbi, image: { ...seed.rabbi.image, src: '/api/admin/users' } },
      'value.image.src',
      contentMessages.imagePath,
    ],
    [
      'rabbi',
      { ...seed.rabbi, image: { ...seed.rabbi.image, src: '/images/../api/admin/users' } },
      'value.image.src',
      contentMessages.imagePath,
    ],
    [
      'teaching',
      { ...seed.teaching, nextSession: 'soon' },
      'value.nextSession',
      contentMessages.date,
    ],
    ['teaching', { ...seed.teaching, everyMonths: 1.5 }, 'value.everyMonths', expect.any(String)],
    [
      'whatsappChannel',
      { ...seed.whatsappChannel, url: 'javascript:alert(1)' },
      'value.url',
      contentMessages.url,
    ],
    ['membershipBenefits', [], 'value', 'Keep at least one benefit'],
    [
      'contact',
      { ...seed.contact, email: 'office' },
      'value.email',
      'Please enter a valid email address',
    ],
    [
      'social',
      { ...seed.social, youtube: 'http://youtube.com/x' },
      'value.youtube',
      contentMessages.url,
    ],
    [
      'mentorship',
      { ...seed.mentorship, nextSession: '15/08/2026' },
      'value.nextSession',
      contentMessages.date,
    ],
    [
      'mentorship',
      { ...seed.mentorship, startTime: '8pm' },
      'value.startTime',
      contentMessages.time,
    ],
    ['mentorship', { ...seed.mentorship, seats: 0 }, 'value.seats', 'Seats must be above 0'],
    [
      'rabbi',
      { ...seed.rabbi, image: { ...seed.rabbi.image, alt: ' ' } },
      'value.image.alt',
      contentMessages.altRequired,
    ],
    [
      'miracles',
      [{ ...seed.miracles[0]!, title: 'Two\nlines' }],
      'value.0.title',
      'Title must be on one line',
    ],
    [
      'tiers',
      seed.tiers.slice(1),
      'value',
      expect.stringContaining('Give the words of each tier once'),
    ],
    ['welcome', 'not a section', 'value', expect.any(String)],
  ])('%s: %j is refused at %s', async (section, value, field, message) => {
    const res = await save(section, value, 0);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toEqual(message);
    expect((await state()).draft).toBeNull();
  });

  it('refuses a section the site does not have', async () => {
    const res = await save('prices', {}, 0);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('There is no such section of the site.');
  });

  it('is kept as a draft: the editor shows it, visitors do not see it', async () => {
    const testimonials = seed.testimonials.map((t, i) => (i === 0 ? { ...t, quote: newQuote } : t));
    const res = await save('testimonials', testimonials, 0);
    expect(res.statusCode).toBe(200);
    const now = res.json();
    expect(now.draft).toMatchObject({
      revision: 1,
      by: admin.user.username,
      changed: ['testimonials'],
    });
    expect(now.content.testimonials[0].quote).toBe(newQuote);
    expect(await home()).not.toContain(newQuote);
  });

  it('refuses a save from a screen older than the draft (another administrator saved)', async () => {
    const res = await save('contact', { ...seed.contact, phone: '(845) 555-0199' }, 0);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(contentMessages.staleDraft);
    expect((await state()).content.contact.phone).toBe(seed.contact.phone);
  });
});

describe('the preview', () => {
  it('shows an administrator the page with the draft, never kept, framable by the editor', async () => {
    const res = await app.inject({ url: '/?preview=draft', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(newQuote);
    expect(embedded(res.body).testimonials[0].quote).toBe(newQuote);
    // Whole: a page the preview's frame renders next shows the draft too, not the published.
    expect(Object.keys(embedded(res.body)).sort()).toEqual([...publicContentKeys].sort());
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('sends anyone else to sign in, and shows them nothing of the draft', async () => {
    const res = await app.inject('/?preview=draft');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/login?next=%2Fadmin%3Fsection%3Dsite-content');
    expect(res.body).not.toContain(newQuote);
  });

  it('leaves every other page unframable', async () => {
    const res = await app.inject('/');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('publishing', () => {
  it('refuses a publish from a screen older than the draft', async () => {
    const res = await publish(7);
    expect(res.statusCode).toBe(409);
    expect(await home()).not.toContain(newQuote);
  });

  it('shows visitors the draft at once, records who did it, and clears the draft', async () => {
    const before = await app.inject('/');
    const res = await publish(1);
    expect(res.statusCode).toBe(200);
    const now = res.json();
    expect(now.draft).toBeNull();
    expect(now.history).toEqual([
      expect.objectContaining({
        by: admin.user.username,
        sections: ['testimonials'],
        restoredFrom: null,
        setup: false,
      }),
      // The content the site was set up with, kept at the first publish.
      expect.objectContaining({ by: null, sections: [], restoredFrom: null, setup: true }),
    ]);
    const after = await app.inject({
      url: '/',
      headers: { 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(newQuote);
    expect((await wholeContent()).json().testimonials[0].quote).toBe(newQuote);
    const [entry] = await auditEntries(app, 'content-published');
    expect(entry).toMatchObject({
      actorUsername: admin.user.username,
      details: { version: now.history[0].id, sections: ['testimonials'] },
    });
  });

  it('answers plainly when there is no draft to publish', async () => {
    const res = await publish(1);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toMatch(/^There is no draft to publish/);
  });

  it('never sends visitors a story the office hid', async () => {
    const { content } = await state();
    const hidden = content.miracles.map((m, i) => ({ ...m, hidden: i === 1 }));
    expect((await save('miracles', hidden, 0)).statusCode).toBe(200);
    expect((await publish(1)).statusCode).toBe(200);
    const html = await home();
    expect(html).not.toContain(seed.miracles[1]!.content);
    expect(embedded(html).miracles.map((m: { title: string }) => m.title)).toEqual([
      seed.miracles[0]!.title,
      seed.miracles[2]!.title,
    ]);
    expect(JSON.stringify((await wholeContent()).json())).not.toContain(seed.miracles[1]!.content);
    expect((await state()).content.miracles[1]).toMatchObject({ hidden: true });
  });

  it('mails carry the office contacts as published', async () => {
    const phone = '(845) 555-0177';
    expect((await save('contact', { ...seed.contact, phone }, 0)).statusCode).toBe(200);
    expect((await publish(1)).statusCode).toBe(200);
    const sent = await sendContactMessage(app, {
      name: 'Sarah Levi',
      email: 'sarah@example.com',
      message: 'Shalom, a question.',
    });
    expect(sent.statusCode).toBeLessThan(300);
    await app.jobWorker.runOnce();
    const mail = app.sentMail.find((m) => m.to === 'sarah@example.com');
    expect(mail?.text).toContain(phone);
  });
});

describe('an earlier version', () => {
  it('is restored at once, as a new version that says where it came from', async () => {
    const { history } = await state();
    const first = history.filter((v) => !v.setup).at(-1)!;
    const res = await restore(first.id);
    expect(res.statusCode).toBe(200);
    const now = res.json();
    expect(now.history[0]).toMatchObject({
      restoredFrom: first.id,
      sections: ['miracles', 'contact'],
    });
    const html = await home();
    expect(html).toContain(newQuote);
    expect(html).toContain(seed.miracles[1]!.content);
    const entries = await auditEntries(app, 'content-restored');
    expect(entries).toHaveLength(1);
  });

  it('answers plainly for a version not in the history', async () => {
    const res = await restore(99999);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('That version of the site is no longer in the history.');
    const bad = await restore('first');
    expect(bad.statusCode).toBe(400);
  });
});

describe('what the office writes', () => {
  it('is text on the page, never markup, in the HTML and in the data the page hydrates with', async () => {
    const { content, draft } = await state();
    const sneaky = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const welcome = { ...content.welcome, heading: sneaky };
    expect((await save('welcome', welcome, draft?.revision ?? 0)).statusCode).toBe(200);
    const html = (await app.inject({ url: '/?preview=draft', headers: { cookie: admin.cookie } }))
      .body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(embedded(html).welcome.heading).toBe(sneaky);
    const res = await discard((await state()).draft!.revision);
    expect(res.statusCode).toBe(200);
  });
});

describe('a restore while there is a draft', () => {
  it('keeps what the draft changed, and takes every other section from the restored version', async () => {
    const { history } = await state();
    const first = history.filter((v) => !v.setup).at(-1)!;
    const heading = 'A heading for the next publish';
    expect((await save('welcome', { ...seed.welcome, heading }, 0)).statusCode).toBe(200);
    const res = await restore(first.id);
    expect(res.statusCode).toBe(200);
    const now = res.json();
    expect(now.draft).toMatchObject({ revision: 2, changed: ['welcome'] });
    expect(now.content.welcome.heading).toBe(heading);
    // The first version had the seed's contacts: the draft does not bring the later ones back.
    expect(now.content.contact).toEqual(seed.contact);
    const discarded = await discard(2);
    expect(discarded.statusCode).toBe(200);
  });
});

describe('a draft discarded', () => {
  it('is gone, and what is published stays', async () => {
    const welcome = { ...seed.welcome, heading: 'A heading nobody will see' };
    expect((await save('welcome', welcome, 0)).statusCode).toBe(200);
    // Saved again by someone else since this screen read it: not thrown away from a stale screen.
    expect((await save('welcome', { ...welcome, text: 'Their newer words' }, 1)).statusCode).toBe(
      200,
    );
    const stale = await discard(1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(contentMessages.staleDraft);
    expect((await state()).draft).toMatchObject({ revision: 2 });
    const res = await discard(2);
    expect(res.statusCode).toBe(200);
    expect(res.json().draft).toBeNull();
    expect(await home()).toContain(newQuote);
    expect(await home()).not.toContain('A heading nobody will see');
  });
});

describe('an upgrade of the software', () => {
  it('keeps what the office published, though site.config.ts changed meanwhile', async () => {
    const changed = {
      ...rawSiteConfig,
      testimonials: [{ ...rawSiteConfig.testimonials[0]!, quote: 'A quote from the new file.' }],
      product: 'Tziyun Upgraded',
    };
    const upgraded = await buildTestApp({}, undefined, {
      database: app.database,
      siteConfig: changed,
    });
    try {
      const html = (await upgraded.inject('/')).body;
      expect(html).toContain(newQuote);
      expect(html).not.toContain('A quote from the new file.');
      // What is not the office's (the product's name) comes from the file as it is now.
      expect(html).toContain('Tziyun Upgraded');
    } finally {
      await upgraded.close();
    }
  });

  it('stores each version with the release of the schema it was written by', async () => {
    const rows = await app.database.db.select().from(siteContentVersions);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.schemaVersion).toBe(1);
  });
});

describe('the content the site was set up with', () => {
  it('stays last in the history, once, however many versions follow', async () => {
    for (let i = 0; i < 21; i += 1) {
      const heading = `A heading of the day, number ${i}`;
      expect((await save('welcome', { ...seed.welcome, heading }, 0)).statusCode).toBe(200);
      expect((await publish(1)).statusCode).toBe(200);
    }
    const { history } = await state();
    expect(history).toHaveLength(21);
    expect(history.filter((v) => v.setup)).toHaveLength(1);
    expect(history.at(-1)).toMatchObject({ by: null, setup: true, sections: [] });
    expect(history[0]!.setup).toBe(false);
  });

  it('is restored like any other version: every text and photo of site.config.ts', async () => {
    const before = await state();
    expect(before.content).not.toEqual(JSON.parse(JSON.stringify(seed)));
    const setup = before.history.at(-1)!;
    const res = await restore(setup.id);
    expect(res.statusCode, res.body).toBe(200);
    const now = res.json() as Awaited<ReturnType<typeof state>>;
    expect(now.content).toEqual(JSON.parse(JSON.stringify(seed)));
    expect(now.history[0]).toMatchObject({
      by: admin.user.username,
      restoredFrom: setup.id,
      setup: false,
    });
    expect(now.history.at(-1)).toMatchObject({ id: setup.id, setup: true });
    expect(now.history.filter((v) => v.setup)).toHaveLength(1);
    const html = await home();
    expect(html).toContain(seed.welcome.heading);
    expect(html).toContain(seed.hero[0]!.backgroundImage!.src);
    expect(html).not.toContain('A heading of the day');
    expect((await wholeContent()).json().contact).toEqual(seed.contact);
  });
});
