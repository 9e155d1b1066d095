import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_FORM_FIELD, type PageFormName } from '~/shared/page-forms';

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
 * typed. Features register theirs (`app.pageForms.set(name, form)`); pages.ts serves them.
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
   * on the page that says the form was refused too. The answer itself is pages.ts's to send.
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
