import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, expect, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import siteConfig from '@site-config';
import type { AdminSession } from '~/shared/schemas/admin';
import { siteConfigSchema } from '~/shared/site-config-schema';
import { publicContentOf, type PublicContent } from '~/shared/site-content';
import { ToastProvider } from '~/client/components/ui/toast';
import { AdminSessionContext } from '~/client/lib/admin/admin-session-context';
import { SiteContentProvider, SiteContentStore } from '~/client/lib/site-content';
import { createAdminQueryClient } from '~/client/lib/admin/query-client';

/**
 * What the client's component tests share: the providers the screens expect (toasts, a wouter
 * router on a memory location, and for admin panels the admin query client and a confirmed
 * session), and a fetch stand-in that answers by route and records every request. Component
 * tests start with `// @vitest-environment happy-dom`; everything else stays in `node`.
 */

// findBy/waitFor give up after 1 s by default: a first render of a lazy screen can take longer
// on a busy 2-core machine running two test files at once. Waiting longer costs nothing when it
// passes quickly, and a real failure still fails.
configure({ asyncUtilTimeout: 5_000 });

/** The CSRF token of the session the admin panels are given. */
export const testCsrfToken = 'csrf-test-token';

export const testAdminSession: AdminSession = {
  user: { id: '00000000-0000-4000-8000-000000000001', username: 'office', role: 'owner' },
  csrfToken: testCsrfToken,
};

interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The router's path, query included: '/donate?success=true'. */
  path?: string;
  /** Renders inside a confirmed admin session with the admin query client. */
  admin?: boolean;
  /** What the office published; the configuration's content by default. */
  content?: PublicContent;
}

/** The content a page is rendered with when the office has published nothing. */
export const configuredContent: PublicContent = publicContentOf(siteConfigSchema.parse(siteConfig));

/**
 * Renders `ui` with the site's providers and a user-event instance. Returns the router's
 * history (the paths navigated to) besides Testing Library's own result.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    admin = false,
    content = configuredContent,
    ...options
  }: RenderWithProvidersOptions = {},
) {
  const [pathname = '/', search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const queryClient = admin ? createAdminQueryClient() : null;
  const store = new SiteContentStore(content);
  function Providers({ children }: { children: ReactNode }) {
    const routed = (
      <Router hook={location.hook} searchHook={location.searchHook}>
        <SiteContentProvider content={store}>
          <ToastProvider>{children}</ToastProvider>
        </SiteContentProvider>
      </Router>
    );
    if (!queryClient) return routed;
    return (
      <QueryClientProvider client={queryClient}>
        <AdminSessionContext.Provider value={testAdminSession}>
          {routed}
        </AdminSessionContext.Provider>
      </QueryClientProvider>
    );
  }
  // Under fake timers, user-event's pauses between actions move the fake clock.
  const user = userEvent.setup({
    advanceTimers: (ms) => {
      if (vi.isFakeTimers()) vi.advanceTimersByTime(ms);
    },
  });
  const result = render(ui, { wrapper: Providers, ...options });
  return { ...result, user, history: location.history };
}

/** One request the page made, as the server would read it. */
export interface RecordedRequest {
  method: string;
  /** Path and query, as the page asked for them. */
  url: string;
  pathname: string;
  search: URLSearchParams;
  headers: Headers;
  /** The JSON body, parsed; a form (an upload) as it is; undefined without one. */
  body: unknown;
}

/** An answer: a Response, or a function of the request that gives one (or never settles). */
export type Reply = Response | ((request: RecordedRequest) => Response | Promise<Response>);

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server's refusal, as its error handler writes it: `{ error: { code, message, fields } }`. */
export function apiError(status: number, message: string, fields?: Record<string, string>) {
  return json(
    { error: { code: status === 400 ? 'bad_request' : 'error', message, fields } },
    status,
  );
}

/** An answer that never comes: the screen stays in its loading state. */
export const never: Reply = () => new Promise<Response>(() => undefined);

/**
 * Stubs `fetch` with answers by route: keys are 'METHOD /path' (the path without its query).
 * A list of replies is used in turn, the last one repeating. A request no route answers fails
 * the test. Returns the requests made, in order.
 */
export function serveApi(routes: ApiRoutes) {
  const requests: RecordedRequest[] = [];
  const unexpected: string[] = [];
  const served = new Map<string, number>();
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, 'http://localhost:3000');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: RecordedRequest = {
      method,
      url,
      pathname: parsed.pathname,
      search: parsed.searchParams,
      headers: new Headers(init.headers),
      body:
        init.body instanceof FormData
          ? init.body
          : typeof init.body === 'string'
            ? JSON.parse(init.body)
            : undefined,
    };
    requests.push(request);
    const key = `${method} ${parsed.pathname}`;
    const route = routes[key];
    if (!route) {
      unexpected.push(`${method} ${url}`);
      throw new Error(`No answer stubbed for ${method} ${url}`);
    }
    const replies = Array.isArray(route) ? route : [route];
    const count = served.get(key) ?? 0;
    served.set(key, count + 1);
    const reply = replies[Math.min(count, replies.length - 1)]!;
    // A Response's body is read once: a repeated answer is a fresh copy.
    return typeof reply === 'function' ? reply(request) : reply.clone();
  });
  vi.stubGlobal('fetch', fetchStub);
  unexpectedRequests.push(unexpected);
  return {
    requests,
    /** The requests to one route ('METHOD /path'). */
    to: (route: string) => requests.filter((r) => `${r.method} ${r.pathname}` === route),
  };
}

/** What a test's API answers: 'METHOD /path' to a reply, or to replies in turn (see serveApi). */
export type ApiRoutes = Record<string, Reply | Reply[]>;

/** Renders `ui` as renderWithProviders does, the API answering `routes` (see serveApi). */
export function renderWithApi(
  ui: ReactElement,
  routes: ApiRoutes,
  options: RenderWithProvidersOptions = {},
) {
  const api = serveApi(routes);
  return { api, ...renderWithProviders(ui, options) };
}

/** An admin panel, or one of its dialogs, opened at /admin in a confirmed session, the API answering `routes`. */
export function openAdminPanel(ui: ReactElement, routes: ApiRoutes) {
  return renderWithApi(ui, routes, { admin: true, path: '/admin' });
}

/**
 * The message shown under a field (by its label, or the field itself where the label is on the
 * page twice): the part of its description that is its error.
 */
export function fieldError(label: string | RegExp | HTMLElement) {
  const field = label instanceof HTMLElement ? label : screen.getByLabelText(label);
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ');
  return ids.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'))
    ?.textContent;
}

/**
 * Full page loads (`window.location.assign`) are recorded instead of made: the DOM would try to
 * fetch the page. Restored after each test (tests/setup.ts restores every spy).
 */
export function stubNavigation() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
}

/** The toast on screen, as the donor reads it, or null. */
export function shownToast() {
  const card = document.querySelector<HTMLElement>('[data-testid="toast"]');
  if (!card) return null;
  const [title, description] = Array.from(card.querySelectorAll('p'), (p) => p.textContent);
  return {
    title,
    description,
    /** Destructive toasts are announced as alerts, the others as status. */
    role: card.parentElement?.getAttribute('role'),
  };
}

const unexpectedRequests: string[][] = [];

afterEach(() => {
  // Unmount first, so nothing renders against the next test's stubs.
  cleanup();
  vi.unstubAllGlobals();
  const unexpected = unexpectedRequests.splice(0).flat();
  expect(unexpected, 'requests with no stubbed answer').toEqual([]);
});
