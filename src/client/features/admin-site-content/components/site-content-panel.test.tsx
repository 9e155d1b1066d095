// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  contentMessages,
  type SiteContent,
  type SiteContentState,
} from '~/shared/schemas/site-content';
import {
  apiError,
  json,
  never,
  shownToast,
  testCsrfToken,
  type ApiRoutes,
} from '~/client/test/component-test-kit';
import { openSection, openSiteContentPanel, statePath } from './site-content-panel-kit';
import { siteContentStateFixture } from '~/client/test/site-content-state';

const saveTestimonials = 'PUT /api/admin/site-content/draft/testimonials';

const draft = (changed: SiteContentState['history'][number]['sections'], revision = 3) => ({
  revision,
  at: '2026-11-20T15:00:00.000Z',
  by: 'office',
  changed,
});

/** The announced message that says `text` (the toasts' regions are alerts too). */
async function shownAlert(text: string) {
  const alert = (await screen.findByText(text, { exact: false })).closest('[role="alert"]');
  expect(alert).not.toBeNull();
  return alert as HTMLElement;
}

const item = (name: string | RegExp) => screen.getByRole('group', { name });

/** The server refusing the testimonials: the second one's quote, the third one's author. */
const testimonialsRefused = (): ApiRoutes => ({
  [statePath]: json(siteContentStateFixture()),
  [saveTestimonials]: apiError(400, 'Some fields need fixing', {
    'value.1.quote': 'Quote is required',
    'value.2.author': 'Author is required',
  }),
});

describe('the site content panel', () => {
  it('shows that the content is loading', () => {
    openSiteContentPanel({ [statePath]: never });
    expect(screen.getByText('Loading the site content…').getAttribute('role')).toBe('status');
  });

  it('lists the sections, marks those the draft changed, and opens the hero slides', async () => {
    openSiteContentPanel({
      [statePath]: json(siteContentStateFixture({ draft: draft(['testimonials']) })),
    });
    const nav = await screen.findByRole('navigation', { name: 'Sections of the site' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons).toHaveLength(12);
    expect(buttons[0]!.getAttribute('aria-current')).toBe('true');
    expect(within(nav).getByRole('button', { name: /^Testimonials/ }).textContent).toContain(
      'changed in the draft',
    );
    expect(within(nav).getByRole('button', { name: /^Welcome/ }).textContent).not.toContain(
      'changed',
    );
    expect(screen.getByTestId('draft-summary').textContent).toMatch(
      /Saved Nov 20, 2026.* by office\. Changes: Testimonials\./,
    );
    const form = screen.getByRole('form', { name: 'Hero slides' });
    expect(within(form).getAllByRole('group', { name: /^Slide \d/ })).toHaveLength(3);
    expect(within(form).getByRole('group', { name: 'Slides' })).toBeDefined();
    expect(within(form).getAllByText(/background behind the slide’s words/)).toHaveLength(3);
  });

  it('saves an edited testimonial in the draft with the CSRF token and says so', async () => {
    const saved = siteContentStateFixture({ draft: draft(['testimonials'], 1) });
    saved.content.testimonials[0]!.quote = 'Her scans came back clear.';
    const { api, user } = openSiteContentPanel({
      [statePath]: [json(siteContentStateFixture()), json(saved)],
      [saveTestimonials]: json(saved),
    });
    await openSection(user, 'Testimonials');
    const quote = within(item(/^Testimonial 1 /)).getByLabelText(/^Quote/);
    await user.clear(quote);
    await user.type(quote, 'Her scans came back clear.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Draft saved'));
    expect(shownToast()?.role).toBe('status');
    const [put] = api.to(saveTestimonials);
    expect(put!.headers.get('x-csrf-token')).toBe(testCsrfToken);
    const body = put!.body as { revision: number; value: SiteContent['testimonials'] };
    expect(body.revision).toBe(0);
    expect(body.value).toHaveLength(3);
    expect(body.value[0]).toMatchObject({ quote: 'Her scans came back clear.', hidden: false });
    expect(body.value[1]).toEqual(siteContentStateFixture().content.testimonials[1]);
    await waitFor(() =>
      expect(screen.getByTestId('draft-summary').textContent).toContain('Changes: Testimonials'),
    );
  });

  it('shows the server’s messages beside their fields, announces them and focuses the first', async () => {
    const { user } = openSiteContentPanel(testimonialsRefused());
    await openSection(user, 'Testimonials');
    await user.clear(within(item(/^Testimonial 2 /)).getByLabelText(/^Quote/));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await shownAlert('Nothing was saved: 2 things need fixing.');
    expect(summary.textContent).toContain('Testimonial 2: Quote is required');
    expect(summary.textContent).toContain('Testimonial 3: Author is required');
    const quote = within(item(/^Testimonial 2 /)).getByLabelText(/^Quote/);
    expect(quote.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(quote));
    const author = within(item(/^Testimonial 3 /)).getByLabelText(/^Author/);
    expect(author.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(author.getAttribute('aria-describedby')!.split(' ').pop()!)
        ?.textContent,
    ).toBe('Author is required');
    // The summary's entry takes focus to its field.
    await user.click(within(summary).getByRole('button', { name: /Testimonial 3: Author/ }));
    expect(document.activeElement).toBe(author);
    // Typing in a field clears its message.
    await user.type(quote, 'A new quote');
    expect(quote.getAttribute('aria-invalid')).toBeNull();
  });

  it('keeps the other fields’ messages while one is corrected, and the focus where it is', async () => {
    const { user } = openSiteContentPanel(testimonialsRefused());
    await openSection(user, 'Testimonials');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await shownAlert('Nothing was saved: 2 things need fixing.');
    const quote = within(item(/^Testimonial 2 /)).getByLabelText(/^Quote/);
    await user.type(quote, ' Amen.');
    expect(document.activeElement).toBe(quote);
    expect(quote.getAttribute('aria-invalid')).toBeNull();
    const author = within(item(/^Testimonial 3 /)).getByLabelText(/^Author/);
    expect(author.getAttribute('aria-invalid')).toBe('true');
    expect((await shownAlert('Nothing was saved: one thing needs fixing.')).textContent).toContain(
      'Testimonial 3: Author is required',
    );
  });

  it('puts a message about a new story’s missing photo on its file input', async () => {
    const { user } = openSiteContentPanel({
      [statePath]: json(siteContentStateFixture()),
      'PUT /api/admin/site-content/draft/miracles': apiError(400, 'Some fields need fixing', {
        'value.3.image.src': contentMessages.imagePath,
        'value.3.image.alt': contentMessages.altRequired,
      }),
    });
    await openSection(user, 'Miracle stories');
    await user.click(screen.getByRole('button', { name: 'Add a story' }));
    await user.type(within(item('Story 4')).getByLabelText(/^Title/), 'Parnassah');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await shownAlert('Story 4: ' + contentMessages.imagePath);
    const file = within(item(/^Story 4/)).getByLabelText(/^Replace photo/);
    expect(file.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(file));
    const alt = within(item(/^Story 4/)).getByLabelText(/^Alt text/);
    await user.click(
      within(summary).getByRole('button', { name: `Story 4: ${contentMessages.altRequired}` }),
    );
    expect(document.activeElement).toBe(alt);
  });

  it('keeps unsaved edits when moving between sections, and says they are not in the draft', async () => {
    const { user } = openSiteContentPanel({ [statePath]: json(siteContentStateFixture()) });
    await openSection(user, 'Office contacts');
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '(845) 555-0199');
    await openSection(user, 'Social links');
    expect(screen.getByTestId('unsaved-summary').textContent).toContain('Office contacts');
    const nav = screen.getByRole('navigation', { name: 'Sections of the site' });
    expect(within(nav).getByRole('button', { name: /^Office contacts/ }).textContent).toContain(
      'not saved',
    );
    await openSection(user, 'Office contacts');
    expect(screen.getByLabelText(/^Phone/)).toHaveProperty('value', '(845) 555-0199');
  });

  it('shows a message about the section as a whole', async () => {
    const { user } = openSiteContentPanel({
      [statePath]: json(siteContentStateFixture()),
      'PUT /api/admin/site-content/draft/hero': apiError(400, 'Some fields need fixing', {
        value: 'Keep at least one slide',
      }),
    });
    await openSection(user, 'Hero slides');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const summary = await shownAlert('Keep at least one slide');
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });

  it('reorders and hides testimonials from the keyboard, and saves them so', async () => {
    const { api, user } = openSiteContentPanel({
      [statePath]: json(siteContentStateFixture()),
      [saveTestimonials]: json(siteContentStateFixture({ draft: draft(['testimonials'], 1) })),
    });
    await openSection(user, 'Testimonials');
    const down = screen.getByRole('button', {
      name: 'Move down: Testimonial 1 (A Mother’s Healing)',
    });
    down.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Testimonial moved to position 2 of 3.')).toBeDefined();
    // Focus stays with the item that moved, now second.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Move down: Testimonial 2 (A Mother’s Healing)' }),
    );
    expect(item(/^Testimonial 1 /).querySelector('legend')!.textContent).toBe(
      'Testimonial 1 (A Shidduch at Last)',
    );
    expect(
      screen.getByRole('button', { name: 'Move up: Testimonial 1 (A Shidduch at Last)' }),
    ).toHaveProperty('disabled', true);
    await user.click(within(item(/^Testimonial 3 /)).getByLabelText('Hidden from visitors'));
    expect(item(/^Testimonial 3 /).querySelector('legend')!.textContent).toBe(
      'Testimonial 3 (Purpose and Parnassah, hidden)',
    );
    await user.click(
      screen.getByRole('button', { name: 'Remove: Testimonial 3 (Purpose and Parnassah, hidden)' }),
    );
    expect(screen.queryByRole('group', { name: /^Testimonial 3/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add a testimonial' }));
    const added = item('Testimonial 3');
    expect(document.activeElement).toBe(within(added).getByLabelText(/^Title/));
    await user.type(within(added).getByLabelText(/^Title/), 'New');
    await user.click(within(added).getByLabelText('Hidden from visitors'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(api.to(saveTestimonials)).toHaveLength(1));
    const { value } = api.to(saveTestimonials)[0]!.body as { value: SiteContent['testimonials'] };
    expect(value.map((t) => [t.title, t.hidden])).toEqual([
      ['A Shidduch at Last', false],
      ['A Mother’s Healing', false],
      ['New', true],
    ]);
  });

  it('says another administrator saved first, and reloads the draft', async () => {
    const { api, user } = openSiteContentPanel({
      [statePath]: json(siteContentStateFixture()),
      [saveTestimonials]: apiError(409, contentMessages.staleDraft),
    });
    await openSection(user, 'Testimonials');
    await user.type(within(item(/^Testimonial 1 /)).getByLabelText(/^Author/), ' Jr.');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await shownAlert(contentMessages.staleDraft);
    expect(alert.textContent).not.toMatch(/409/);
    await user.click(within(alert).getByRole('button', { name: 'Reload the draft' }));
    await waitFor(() =>
      expect(within(item(/^Testimonial 1 /)).getByLabelText(/^Author/)).toHaveProperty(
        'value',
        'Miriam K.',
      ),
    );
    expect(api.to(statePath).length).toBeGreaterThanOrEqual(2);
  });

  it('publishes the draft after asking, with the revision it read', async () => {
    const published = siteContentStateFixture({
      history: [
        {
          id: 7,
          at: '2026-11-21T10:00:00.000Z',
          by: 'office',
          sections: ['testimonials'],
          restoredFrom: null,
          setup: false,
        },
      ],
    });
    const { api, user } = openSiteContentPanel({
      [statePath]: [
        json(siteContentStateFixture({ draft: draft(['testimonials']) })),
        json(published),
      ],
      'POST /api/admin/site-content/publish': json(published),
    });
    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Publish these changes?' });
    expect(dialog.textContent).toContain('Visitors see them at once.');
    expect(api.to('POST /api/admin/site-content/publish')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Published'));
    const [post] = api.to('POST /api/admin/site-content/publish');
    expect(post!.body).toEqual({ revision: 3 });
    expect(post!.headers.get('x-csrf-token')).toBe(testCsrfToken);
    await waitFor(() =>
      expect(screen.getByTestId('draft-summary').textContent).toContain('No draft'),
    );
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', true);
  });

  it('restores an earlier version after asking, but not the current one', async () => {
    const history: SiteContentState['history'] = [
      {
        id: 9,
        at: '2026-11-22T10:00:00.000Z',
        by: 'office',
        sections: ['miracles'],
        restoredFrom: 5,
        setup: false,
      },
      {
        id: 8,
        at: '2026-11-21T10:00:00.000Z',
        by: 'dina',
        sections: ['testimonials', 'mentorship'],
        restoredFrom: null,
        setup: false,
      },
      {
        id: 5,
        at: '2026-11-01T10:00:00.000Z',
        by: 'office',
        sections: ['hero'],
        restoredFrom: null,
        setup: false,
      },
    ];
    const { api, user } = openSiteContentPanel({
      [statePath]: json(siteContentStateFixture({ history })),
      'POST /api/admin/site-content/restore/8': json(siteContentStateFixture({ history })),
    });
    const list = (await screen.findByRole('heading', { name: 'History' })).parentElement!;
    const [current, earlier] = within(list).getAllByRole('listitem');
    expect(current!.textContent).toContain('Visitors see this version');
    expect(current!.textContent).toContain('Restored from the version published Nov 1, 2026');
    expect(within(current!).queryByRole('button')).toBeNull();
    expect(earlier!.textContent).toContain('by dina');
    expect(earlier!.textContent).toContain('Changed: Testimonials, Mentorship circle');
    await user.click(within(earlier!).getByRole('button', { name: /^Restore this version/ }));
    const dialog = screen.getByRole('dialog', { name: 'Restore this version?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(shownToast()?.title).toBe('Version restored'));
    expect(api.to('POST /api/admin/site-content/restore/8')).toHaveLength(1);
  });

  it('offers the content the site was set up with, last, to restore like any other', async () => {
    const history: SiteContentState['history'] = [
      {
        id: 3,
        at: '2026-11-22T10:00:00.000Z',
        by: 'office',
        sections: ['welcome'],
        restoredFrom: null,
        setup: false,
      },
      {
        id: 2,
        at: '2026-11-22T10:00:00.000Z',
        by: null,
        sections: [],
        restoredFrom: null,
        setup: true,
      },
    ];
    const { api, user } = openSiteContentPanel({
      [statePath]: json(siteContentStateFixture({ history })),
      'POST /api/admin/site-content/restore/2': json(siteContentStateFixture({ history })),
    });
    const list = (await screen.findByRole('heading', { name: 'History' })).parentElement!;
    const setup = within(list).getAllByRole('listitem').at(-1)!;
    expect(setup.textContent).toContain('The content the site was set up with');
    expect(setup.textContent).toContain('site.config.ts');
    expect(setup.textContent).not.toContain('Changed:');
    await user.click(
      within(setup).getByRole('button', {
        name: 'Restore this version: the content the site was set up with',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Restore this version?' });
    expect(dialog.textContent).toContain('Visitors see the content the site was set up with');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(shownToast()?.description).toBe(
        'Visitors now see the content the site was set up with.',
      ),
    );
    expect(api.to('POST /api/admin/site-content/restore/2')).toHaveLength(1);
  });

  it('flags a mentorship date that has passed, in the site’s time zone', async () => {
    const state = siteContentStateFixture();
    state.content.mentorship.nextSession = '2020-01-15';
    const { user } = openSiteContentPanel({ [statePath]: json(state) });
    await openSection(user, 'Mentorship circle');
    const date = screen.getByLabelText(/^Next session \(New York time\)/);
    expect(date.getAttribute('type')).toBe('date');
    expect(
      screen.getByLabelText(/^Start time \(New York time, optional\)/).getAttribute('type'),
    ).toBe('time');
    const flag = screen.getByText(/This date has passed/).parentElement!;
    expect(flag.textContent).toContain('Wednesday, January 15, 2020, New York time');
    expect(flag.textContent).toContain('they see the next session after it, every 3 months:');
    expect(flag.textContent).toContain('Set the real next date.');
    fireEvent.change(date, { target: { value: '2999-01-15' } });
    expect(screen.queryByText(/This date has passed/)).toBeNull();
  });

  it('shows each tier’s name and price without letting them be edited, and says why', async () => {
    const { user } = openSiteContentPanel({ [statePath]: json(siteContentStateFixture()) });
    const form = await openSection(user, 'Membership tiers');
    expect(within(form).getByTestId('tier-note').textContent).toBe(
      'Tier names and prices stay in the site’s configuration, because they are tied to payments. To change them, ask the developer.',
    );
    const spark = within(form).getByRole('region', { name: 'Spark Tier' });
    expect(spark.querySelector('dl')!.textContent).toBe('NameSpark TierPrice$180');
    expect(within(spark).getByLabelText(/^Tagline: Spark Tier/)).toHaveProperty(
      'value',
      'Ignite Your Path',
    );
    expect(within(spark).queryByLabelText(/Price/)).toBeNull();
    expect(within(spark).getAllByText(/Put \*\* around words to make them bold/).length).toBe(3);
  });
  it('edits the welcome points and the membership benefits as titles with a short text', async () => {
    const { content } = siteContentStateFixture();
    const { user } = openSiteContentPanel({ [statePath]: json(siteContentStateFixture()) });
    await openSection(user, 'Welcome');
    const [point] = content.welcome.points;
    const first = within(item(/^Point 1/));
    expect(first.getByLabelText(/^Title/)).toHaveProperty('value', point!.title);
    expect(first.getByLabelText(/^Text/)).toHaveProperty('value', point!.text);
    await user.click(screen.getByRole('button', { name: 'Add a point' }));
    const added = within(item(`Point ${content.welcome.points.length + 1}`));
    expect(added.getByLabelText(/^Title/)).toHaveProperty('value', '');
    await openSection(user, 'Membership benefits');
    const benefits = screen.getAllByRole('group', { name: /^Benefit \d/ });
    expect(benefits).toHaveLength(content.membershipBenefits.length);
    expect(within(benefits[0]!).getByLabelText(/^Text/)).toHaveProperty(
      'value',
      content.membershipBenefits[0]!.text,
    );
  });
});
