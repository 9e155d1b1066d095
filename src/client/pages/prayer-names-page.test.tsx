// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageFormState } from '~/shared/page-forms';
import type { PrayerNamesPageData, PrayerNameView } from '~/shared/schemas/prayer-names';
import { PageDataProvider } from '~/client/app/page-data';
import {
  apiError,
  fieldError,
  json,
  renderWithProviders,
  serveApi,
} from '~/client/test/component-test-kit';
import PrayerNamesPage from './prayer-names-page';

const NAME: PrayerNameView = {
  id: '7d2c1c4e-8f0a-4a57-9a43-1e7f6f0b6a11',
  hebrewName: 'חיים יוסף',
  relation: 'ben',
  motherHebrewName: 'שרה רבקה',
  englishName: 'Chaim',
  intention: 'healing',
  note: null,
  renewedAt: '2026-01-04T15:00:00.000Z',
  lapsesAt: '2099-03-29T15:00:00.000Z',
  lapsed: false,
};
const listing = (names: PrayerNameView[] = [NAME]) => ({
  member: { name: 'Rivka Katz', kind: 'member' as const },
  lapseWeeks: 12,
  names,
});
const ready = (names?: PrayerNameView[]): PrayerNamesPageData => ({
  kind: 'ready',
  ...listing(names),
});

/** The page as the server renders it for `path`, with its data (and a form it sent back). */
function open(data: PrayerNamesPageData | undefined, path = '/prayer-names', form?: PageFormState) {
  const [pathname = '/prayer-names', search = ''] = path.split('?');
  return renderWithProviders(
    <PageDataProvider snapshot={data && { path: pathname, search, data, form }}>
      <PrayerNamesPage />
    </PageDataProvider>,
    { path },
  );
}

const hidden = (form: HTMLElement, name: string) =>
  form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value;

describe('the names page', () => {
  it('signed out: says why in plain words and asks for a link through a real form', async () => {
    const api = serveApi({
      'POST /api/prayer-names/link': json({ message: 'A link is on its way.' }),
    });
    const { user } = open({
      kind: 'signed-out',
      problem: 'This link was already used. Ask for a new one below.',
    });
    expect(
      screen.getByText('This link was already used. Ask for a new one below.').getAttribute('role'),
    ).toBe('alert');
    const form = screen.getByRole('form', { name: 'Ask for a link to your names' });
    expect(form.getAttribute('method')).toBe('post');
    expect(hidden(form, '_form')).toBe('prayer-link');
    await user.type(screen.getByLabelText(/^Email/), 'rivka@example.org');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByText('A link is on its way.')).toBeDefined();
    expect(api.to('POST /api/prayer-names/link')[0]!.body).toEqual({ email: 'rivka@example.org' });
  });

  it('opened from the emailed link: only the button, in a form that posts the token to the page', () => {
    const api = serveApi({});
    open({ kind: 'opening', token: 'the-token' }, '/prayer-names?token=the-token');
    const form = screen.getByRole('form', { name: 'Open my names' });
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/prayer-names');
    expect(hidden(form, '_form')).toBe('prayer-link-open');
    expect(hidden(form, 'token')).toBe('the-token');
    expect(within(form).getAllByRole('button')).toHaveLength(1);
    expect(screen.queryByRole('form', { name: 'Add a name' })).toBeNull();
    // Nothing is asked of the API: the button is what opens the link.
    expect(api.requests).toEqual([]);
  });

  it('shows why the button was refused, above the form that asks for a new link', () => {
    open({ kind: 'signed-out', problem: null }, '/prayer-names', {
      name: 'prayer-link-open',
      values: {},
      errors: { token: 'This link is not complete. Open it again from your email.' },
    });
    const problem = screen.getByText('This link is not complete. Open it again from your email.');
    expect(problem.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Send me the link' })).toBeTruthy();
  });

  it('lists the names the server rendered; each form posts without scripts', () => {
    open(ready());
    const item = within(screen.getByRole('list', { name: 'Your names' })).getByRole('listitem');
    expect(item.textContent).toContain('חיים יוסף בן שרה רבקה');
    expect(within(item).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/prayer-names?edit=${NAME.id}#name-form`,
    );
    expect(within(item).getByRole('link', { name: 'Remove' }).getAttribute('href')).toBe(
      `/prayer-names?remove=${NAME.id}#name-${NAME.id}`,
    );
    const renew = within(item).getByRole('button', { name: 'Renew' }).closest('form')!;
    expect(renew.getAttribute('method')).toBe('post');
    expect([hidden(renew, '_form'), hidden(renew, 'id')]).toEqual(['prayer-name-renew', NAME.id]);
    const add = screen.getByRole('form', { name: 'Add a name' });
    expect(add.getAttribute('method')).toBe('post');
    expect(hidden(add, '_form')).toBe('prayer-name');
  });

  it('edits a name through the API with the session cookie, then shows the list again', async () => {
    const api = serveApi({
      [`PUT /api/prayer-names/${NAME.id}`]: json({ ...NAME, englishName: 'Chaim Yosef' }),
      'GET /api/prayer-names': json(listing([{ ...NAME, englishName: 'Chaim Yosef' }])),
    });
    const { user } = open(ready());
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit a name' });
    expect([hidden(form, '_form'), hidden(form, 'id')]).toEqual(['prayer-name-edit', NAME.id]);
    const english = within(form).getByLabelText('English name (optional)');
    expect((english as HTMLInputElement).value).toBe('Chaim');
    await user.clear(english);
    await user.type(english, 'Chaim Yosef');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('form', { name: 'Add a name' })).toBeDefined());
    expect(screen.getByText(/Chaim Yosef ·/)).toBeDefined();
    const [put] = api.to(`PUT /api/prayer-names/${NAME.id}`);
    expect(put!.body).toMatchObject({ englishName: 'Chaim Yosef', hebrewName: NAME.hebrewName });
    expect(put!.headers.get('x-prayer-session')).toBeNull();
  });

  it('asks before removing, then removes through the API', async () => {
    const api = serveApi({
      [`DELETE /api/prayer-names/${NAME.id}`]: new Response(null, { status: 204 }),
      'GET /api/prayer-names': json(listing([])),
    });
    const { user } = open(ready());
    await user.click(screen.getByRole('link', { name: 'Remove' }));
    expect(screen.getByText(/Remove this name from your list\?/)).toBeDefined();
    const confirm = screen.getByRole('button', { name: 'Yes, remove it' }).closest('form')!;
    expect([hidden(confirm, '_form'), hidden(confirm, 'id')]).toEqual([
      'prayer-name-remove',
      NAME.id,
    ]);
    expect(api.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    expect(await screen.findByText('You have not given any names yet.')).toBeDefined();
    expect(api.to(`DELETE /api/prayer-names/${NAME.id}`)).toHaveLength(1);
  });

  it('keeps the Remove question open when a Renew pressed just before it ends afterwards', async () => {
    let renewed: (reply: Response) => void = () => {};
    const api = serveApi({
      [`POST /api/prayer-names/${NAME.id}/renew`]: () =>
        new Promise<Response>((done) => (renewed = done)),
      'GET /api/prayer-names': json(listing()),
    });
    const { user } = open(ready());
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    await user.click(screen.getByRole('link', { name: 'Remove' }));
    renewed(json(NAME));
    await waitFor(() => expect(api.to('GET /api/prayer-names')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Yes, remove it' })).toBeDefined();
  });

  it('an ended session signs the page out with the server’s plain sentence', async () => {
    serveApi({
      [`POST /api/prayer-names/${NAME.id}/renew`]: apiError(
        401,
        'Your session has ended. Ask for a new link below.',
      ),
    });
    const { user } = open(ready());
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    const alert = await screen.findByText('Your session has ended. Ask for a new link below.');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Send me the link' })).toBeDefined();
  });

  it('shows what the server sent back: field messages and what was typed, or that it was done', () => {
    open(ready([]), '/prayer-names', {
      name: 'prayer-name',
      values: {
        hebrewName: 'Chaim',
        relation: 'ben',
        motherHebrewName: 'שרה',
        intention: 'healing',
      },
      errors: { hebrewName: 'Hebrew name must be written in Hebrew letters (for example משה)' },
    });
    expect(fieldError(/^Hebrew name/)).toBe(
      'Hebrew name must be written in Hebrew letters (for example משה)',
    );
    expect((screen.getByLabelText(/^Mother’s Hebrew name/) as HTMLInputElement).value).toBe('שרה');
  });

  it('reached inside the site, loads the names; without a session, asks for a link plainly', async () => {
    serveApi({
      'GET /api/prayer-names': apiError(401, 'Your session has ended. Ask for a new link below.'),
    });
    open(undefined);
    expect(screen.getByText('Opening your names…')).toBeDefined();
    expect(await screen.findByRole('button', { name: 'Send me the link' })).toBeDefined();
    expect(screen.queryByText(/session has ended/)).toBeNull();
  });
});
