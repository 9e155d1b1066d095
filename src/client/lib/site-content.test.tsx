// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicContent } from '~/shared/site-content';
import { configuredContent } from '~/client/test/component-test-kit';
import { SiteContentProvider, SiteContentStore, useSiteContent } from './site-content';

const { contact, social } = configuredContent;

function Phone() {
  return <p>Call {useSiteContent('contact').phone}</p>;
}

function Miracle() {
  return <p>{useSiteContent('miracles')[0]!.title}</p>;
}

/** A request for the rest that the test settles: the content, or a failure. */
function deferredLoad() {
  let settle!: { resolve: (c: PublicContent) => void; reject: (e: Error) => void };
  const load = vi.fn(
    () =>
      new Promise<PublicContent>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { load, settle: () => settle };
}

/** Rendered inside an awaited act: a part that waits suspends there. */
async function renderWith(store: SiteContentStore, ui: ReactNode) {
  await act(async () => {
    render(
      <SiteContentProvider content={store}>
        <Suspense fallback={<p>Loading the page…</p>}>{ui}</Suspense>
      </SiteContentProvider>,
    );
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the site content a page carries', () => {
  it('notes the sections the page read, in the editor order, as the server writes them', () => {
    const store = new SiteContentStore(configuredContent);
    store.section('social');
    store.section('hero');
    store.section('social');
    expect(Object.keys(store.sectionsRead())).toEqual(['hero', 'social']);
    expect(store.sectionsRead().hero).toEqual(configuredContent.hero);
  });

  it('shows a section it has at once, without asking the server', async () => {
    const { load } = deferredLoad();
    await renderWith(new SiteContentStore({ contact, social }, load), <Phone />);
    expect(screen.getByText(`Call ${contact.phone}`)).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('waits for a section it was not sent, asking once for all who need it', async () => {
    const { load, settle } = deferredLoad();
    await renderWith(
      new SiteContentStore({ contact, social }, load),
      <>
        <Miracle />
        <Miracle />
        <Phone />
      </>,
    );
    expect(screen.getByText('Loading the page…')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => settle().resolve(configuredContent));
    expect(await screen.findAllByText(configuredContent.miracles[0]!.title)).toHaveLength(2);
    expect(screen.getByText(`Call ${contact.phone}`)).toBeTruthy();
  });
});

describe('the rest of the content', () => {
  it('is asked for once the visitor may go on (a link, a tab), not for a page only read', () => {
    document.body.innerHTML =
      '<p id="text">A story</p><a id="here" href="#miracles">Miracles</a>' +
      '<a id="link" href="/donate">Donate</a><button role="tab" id="tab">Monthly</button>';
    const { load } = deferredLoad();
    const store = new SiteContentStore({ contact, social }, load);
    store.prefetchOnIntent(document);
    const over = (id: string) =>
      document.getElementById(id)!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    over('text');
    over('here');
    expect(load).not.toHaveBeenCalled();
    document.getElementById('tab')!.dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    over('link');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is never asked for by a page that came with every section', () => {
    document.body.innerHTML = '<a id="link" href="/donate">Donate</a>';
    const { load } = deferredLoad();
    new SiteContentStore(configuredContent, load).prefetchOnIntent(document);
    document.getElementById('link')!.dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(load).not.toHaveBeenCalled();
  });

  it('is asked for quietly ahead of need; a failure leaves it to be asked again', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { load, settle } = deferredLoad();
    const store = new SiteContentStore({ contact, social }, load);
    store.prefetch();
    store.prefetch();
    expect(load).toHaveBeenCalledTimes(1);
    await act(async () => settle().reject(new Error('offline')));
    expect(reload).not.toHaveBeenCalled();
    expect(store.isWhole()).toBe(false);
    store.prefetch();
    expect(load).toHaveBeenCalledTimes(2);
    await act(async () => settle().resolve(configuredContent));
    expect(store.isWhole()).toBe(true);
    store.prefetch();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps the sections the page came with: a publish in between does not change them under it', async () => {
    const { load, settle } = deferredLoad();
    const store = new SiteContentStore({ contact, social }, load);
    store.prefetch();
    const published = { ...configuredContent, contact: { ...contact, phone: '(845) 555-0199' } };
    await act(async () => settle().resolve(published));
    expect(store.isWhole()).toBe(true);
    expect(store.section('contact')).toEqual(contact);
    expect(store.section('hero')).toEqual(configuredContent.hero);
  });

  it('that comes without a section (an instance of the release before) is a failure, not a gap', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { load, settle } = deferredLoad();
    const { miracles: _left, ...older } = configuredContent;
    await renderWith(new SiteContentStore({ contact, social }, load), <Miracle />);
    await act(async () => settle().resolve(older as PublicContent));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Loading the page…')).toBeTruthy();
  });

  it('that a part of the page waits for and cannot get: the page is loaded from the server', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const { load, settle } = deferredLoad();
    await renderWith(new SiteContentStore({ contact, social }, load), <Miracle />);
    await act(async () => settle().reject(new Error('offline')));
    expect(reload).toHaveBeenCalledTimes(1);
    // Nothing breaks meanwhile: the part goes on waiting while the page reloads.
    expect(screen.getByText('Loading the page…')).toBeTruthy();
  });
});
