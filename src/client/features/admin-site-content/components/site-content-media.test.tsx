// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContentImage, SiteContent } from '~/shared/schemas/site-content';
import { apiError, json, shownToast, testCsrfToken } from '~/client/test/component-test-kit';
import { openSection, openSiteContentPanel, statePath } from './site-content-panel-kit';
import { siteContentStateFixture } from '~/client/test/site-content-state';

/** The photos, the preview frames and discarding the draft. */

const uploadPath = 'POST /api/admin/site-content/photos';

const uploaded: ContentImage = {
  src: '/media/site/abc-1200.jpg',
  alt: '',
  width: 1200,
  height: 900,
  srcset: '/media/site/abc-600.jpg 600w, /media/site/abc-1200.jpg 1200w',
  sources: [
    {
      type: 'image/webp',
      srcset: '/media/site/abc-600.webp 600w, /media/site/abc-1200.webp 1200w',
    },
  ],
};

const photo = () => new File(['not really a jpeg'], 'healing.jpg', { type: 'image/jpeg' });

describe('the site content panel’s photos', () => {
  it('uploads a story’s photo at once, keeps its alt text and saves both in the draft', async () => {
    const { api, user } = openSiteContentPanel({
      [statePath]: json(siteContentStateFixture()),
      [uploadPath]: json(uploaded, 201),
      'PUT /api/admin/site-content/draft/miracles': json(siteContentStateFixture()),
    });
    await openSection(user, 'Miracle stories');
    const story = screen.getByRole('group', { name: /^Story 1 / });
    const input = within(story).getByLabelText(/^Replace photo: Photo of story 1/);
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    await user.upload(input, photo());
    await waitFor(() => expect(shownToast()?.title).toBe('Photo uploaded'));
    const [upload] = api.to(uploadPath);
    expect(upload!.headers.get('x-csrf-token')).toBe(testCsrfToken);
    expect(story.querySelector('img')!.getAttribute('src')).toBe(uploaded.src);
    const alt = within(story).getByLabelText(/^Alt text: Photo of story 1/);
    expect(alt).toHaveProperty('value', 'A candle burning beside a prayer book');
    await user.clear(alt);
    await user.type(alt, 'The father walking his children to school');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(api.to('PUT /api/admin/site-content/draft/miracles')).toHaveLength(1),
    );
    const { value } = api.to('PUT /api/admin/site-content/draft/miracles')[0]!.body as {
      value: SiteContent['miracles'];
    };
    expect(value[0]!.image).toEqual({
      ...uploaded,
      alt: 'The father walking his children to school',
    });
  });

  it('says why a photo was refused, beside the file input', async () => {
    const { user } = openSiteContentPanel({
      [statePath]: json(siteContentStateFixture()),
      [uploadPath]: apiError(400, 'This file cannot be used', {
        file: 'This file is not a JPEG, PNG or WebP photo',
      }),
    });
    await openSection(user, 'The Rabbi');
    const input = screen.getByLabelText(/^Replace photo: Portrait/);
    await user.upload(input, photo());
    await waitFor(() => expect(shownToast()?.title).toBe('Photo not uploaded'));
    expect(shownToast()?.description).toBe('This file is not a JPEG, PNG or WebP photo');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'This file is not a JPEG, PNG or WebP photo',
    );
    // The portrait in the form is still the one before.
    const form = screen.getByRole('form', { name: 'The Rabbi' });
    expect(form.querySelector('img')!.getAttribute('src')).toBe('/images/rabbi.svg');
  });

  it('says a hero background needs no description, and asks for none', async () => {
    const { user } = openSiteContentPanel({ [statePath]: json(siteContentStateFixture()) });
    const form = await openSection(user, 'Hero slides');
    const slide = within(form).getByRole('group', { name: /^Slide 1 / });
    expect(within(slide).getByLabelText(/^Replace photo: Background of slide 1/)).toBeDefined();
    expect(within(slide).queryByLabelText(/^Alt text/)).toBeNull();
    expect(slide.textContent).toContain('it needs no description');
  });
});

describe('the draft bar', () => {
  it('previews the chosen page with the draft on a computer and on a phone', async () => {
    const { user } = openSiteContentPanel({ [statePath]: json(siteContentStateFixture()) });
    await user.selectOptions(await screen.findByLabelText('Page to preview'), '/donate');
    await user.click(screen.getByRole('button', { name: 'Preview on a phone' }));
    const phone = screen.getByTitle(
      'Preview of the Donate page with the draft, on a phone (390 pixels wide)',
    );
    expect(phone.getAttribute('src')).toBe('/donate?preview=draft');
    expect(phone.getAttribute('width')).toBe('390');
    await user.click(screen.getByRole('button', { name: 'Preview on a computer' }));
    const computer = screen.getByTitle(
      'Preview of the Donate page with the draft, on a computer (1280 pixels wide)',
    );
    expect(computer.getAttribute('width')).toBe('1280');
    expect(
      screen.getByRole('button', { name: 'Preview on a computer' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('discards the draft after asking', async () => {
    const withDraft = siteContentStateFixture({
      draft: { revision: 2, at: '2026-11-20T15:00:00.000Z', by: 'office', changed: ['contact'] },
    });
    const { api, user } = openSiteContentPanel({
      [statePath]: [json(withDraft), json(siteContentStateFixture())],
      'POST /api/admin/site-content/discard': json(siteContentStateFixture()),
    });
    await user.click(await screen.findByRole('button', { name: 'Discard draft' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard the draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.to('POST /api/admin/site-content/discard')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Discard the draft?' })).getByRole('button', {
        name: 'Discard draft',
      }),
    );
    await waitFor(() => expect(shownToast()?.title).toBe('Draft discarded'));
    const [sent] = api.to('POST /api/admin/site-content/discard');
    expect(sent!.headers.get('x-csrf-token')).toBe(testCsrfToken);
    // The draft as this screen read it: the server keeps a draft saved again since.
    expect(sent!.body).toEqual({ revision: 2 });
    expect(screen.getByTestId('draft-summary').textContent).toContain('No draft');
  });
});
