import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { routes, type PageRoute } from '~/client/app/routes';
import { PAGE_FORM_FIELD, type PageFormName, type PageFormState } from '~/shared/page-forms';
import { AppError } from '~/server/errors';
import { formRateLimit } from '~/server/plugins/rate-limit';

/** A schema the shared contracts provide (zod and zod/mini alike). */
interface ParsingSchema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A public form that also works without JavaScript: the page's own HTML form posts to the page
 * (application/x-www-form-urlencoded), the server validates it with the same shared schema as
 * the API, does the same work, and answers with a redirect to the page saying it is done (so a
 * reload posts nothing twice), or with the page again showing the field messages and what was
 * typed. Features register theirs (`app.pageForms.set(name, form)`); registerPageFormPosts serves
 * them.
 */
export interface PageForm<T = unknown> {
  schema: ParsingSchema<T>;
  /** What the page says once the form is done (`?sent=<name>`), as the API answers. */
  sentMessage: string;
  /**
   * Does the work, as the API route does. Returns the query that tells the page it is done
   * (`{ sent: 'contact' }`) and where the page scrolls to, or another page to go on to
   * (`location`: this site's path, or a payment service's page made for this post, as Stripe's
   * customer portal); throws an AppError to refuse (a `validation_failed` one with
   * its fields shows only the fields' messages).
   */
  submit(data: T, context: PageFormContext): Promise<PageFormDone>;
  /**
   * Runs once the form has parsed, before `submit`, as the API route's preHandler does (the
   * payment forms' shared limit for everyone); throws an AppError to refuse.
   */
  guard?(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Fields never sent back into the page when the form is refused (a card number). */
  secretFields?: readonly string[];
}

export type PageFormDone =
  { query: Record<string, string>; anchor?: string } | { location: string };

/** Where the form was posted: the page's address and the request (its cookies, its visitor). */
export interface PageFormContext {
  log: FastifyBaseLogger;
  path: string;
  /** The page's address as posted, query included (`/videos?page=2`). */
  url: URL;
  request: FastifyRequest;
  /**
   * The answer, for the cookie a form sets once its work is done (the button that opens an
   * emailed link signs the visitor in). Set nothing before the work is done: what is set stays
   * on the page that says the form was refused too. registerPageFormPosts sends the answer.
   */
  reply: FastifyReply;
}

export type PageForms = Map<PageFormName, PageForm>;

export function createPageForms(): PageForms {
  return new Map();
}

/** A form's fields as posted: text by name (a repeated name keeps its first value). */
export function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof body !== 'string') return fields;
  for (const [name, value] of new URLSearchParams(body)) {
    if (name !== PAGE_FORM_FIELD) fields[name] ??= value;
  }
  return fields;
}

/** The form's name as posted, if it is one the site knows. */
export function formNameOf(body: unknown, forms: PageForms): PageFormName | null {
  if (typeof body !== 'string') return null;
  const name = new URLSearchParams(body).get(PAGE_FORM_FIELD);
  return name && forms.has(name as PageFormName) ? (name as PageFormName) : null;
}

/** The first message for each top-level field of a failed parse (`_` for the form as a whole). */
export function fieldMessages(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? '_')] ??= issue.message;
  return errors;
}

/** How the page plugin answers with a page: its status, and the form sent back to be corrected. */
export type SendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  route: PageRoute,
  status: number,
  form?: PageFormState,
) => Promise<unknown>;

const failedMessage =
  'Something went wrong on our side and nothing was sent. Please try again, or call the office.';

/**
 * A public form posted by the page itself, without JavaScript: validated with the shared
 * schema, done, and answered with a redirect to the page saying so (303: a reload does not post
 * again), or with the page and the form's messages and what was typed.
 */
async function postForm(
  app: FastifyInstance,
  sendPage: SendPage,
  request: FastifyRequest,
  reply: FastifyReply,
  route: PageRoute,
) {
  const url = new URL(request.url, 'http://localhost');
  const name = formNameOf(request.body, app.pageForms);
  if (!name) return sendPage(request, reply, route, 400);
  const form = app.pageForms.get(name)!;
  const { website: _honeypot, ...posted } = formFields(request.body);
  // What the page shows again if the form is refused: never a secret field (a card number).
  const typed = Object.fromEntries(
    Object.entries(posted).filter(([field]) => !form.secretFields?.includes(field)),
  );
  const parsed = form.schema.safeParse({ ...posted, website: _honeypot ?? '' });
  if (!parsed.success) {
    const errors = fieldMessages(parsed.error.issues);
    return sendPage(request, reply, route, 400, { name, values: typed, errors });
  }
  try {
    await form.guard?.(request, reply);
    const done = await form.submit(parsed.data, {
      log: request.log,
      path: url.pathname,
      url,
      request,
      reply,
    });
    if ('location' in done) return reply.redirect(done.location, 303);
    const query = new URLSearchParams(done.query).toString();
    const search = query ? `?${query}` : '';
    return reply.redirect(`${url.pathname}${search}${done.anchor ? `#${done.anchor}` : ''}`, 303);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) {
      request.log.error({ err: error }, 'a page form failed');
    }
    const errors =
      error instanceof AppError
        ? error.code === 'validation_failed' && error.fields
          ? error.fields
          : { _: error.message, ...error.fields }
        : { _: failedMessage };
    const status = error instanceof AppError ? error.statusCode : 500;
    return sendPage(request, reply, route, status, { name, values: typed, errors });
  }
}

/**
 * POST to each public page: the page's own forms, posted without JavaScript, under the forms'
 * rate limit. `sendPage` answers with the page (the plugin's renderer).
 */
export async function registerPageFormPosts(app: FastifyInstance, sendPage: SendPage) {
  await app.register(async (forms) => {
    forms.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, body),
    );
    // Refused before the body is read (the visitor's limit): a plain page says when to try again.
    forms.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
      const status = error.statusCode ?? 500;
      const message = error instanceof AppError && status < 500 ? error.message : failedMessage;
      if (status >= 500) request.log.error({ err: error }, 'a page form failed');
      const back = new URL(request.url, 'http://localhost').pathname;
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Please try again | ${escapeHtml(app.siteConfig.product)}</title><main><h1>Please try again</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(back)}">Back to the page</a></p></main></html>`,
        );
    });
    const limit = formRateLimit(app.env.FORM_RATE_LIMIT, 'page-forms');
    for (const route of routes.filter((r) => r.kind === 'public')) {
      const handler = (request: FastifyRequest, reply: FastifyReply) =>
        postForm(app, sendPage, request, reply, route);
      forms.post(route.path, { config: limit }, handler);
      if (route.prefix) forms.post(`${route.path}/*`, { config: limit }, handler);
    }
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
