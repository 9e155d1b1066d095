import type * as z from 'zod/mini';
import { methodOf, urlOf, type CallArgs, type Route } from '~/shared/route';
import { readAnswer, toApiError, type Contract } from '~/client/lib/api';

interface AdminCallOptions {
  /** Sent as JSON, or as multipart/form-data when it is a FormData (an upload). */
  body?: unknown;
  /** Required by the server on every state-changing call but the login. */
  csrfToken?: string;
}

/**
 * One call to the admin API with the session cookie: `route` (src/shared/api) gives the method
 * and the path, `options` its `:params` and query, the body and the CSRF token. Its answer is read
 * through its contract (src/shared/schemas). Failures become an ApiError whose message reads
 * 'status: body' (spec 8); a 204 answers undefined, which the `noContent` contract accepts.
 */
export async function adminRequest<R extends Route, S extends z.core.$ZodType>(
  route: R,
  contract: Contract<S>,
  ...[options]: CallArgs<R, AdminCallOptions>
): Promise<z.output<S>>;
export async function adminRequest<S extends z.core.$ZodType>(
  route: Route,
  contract: Contract<S>,
  options: AdminCallOptions = {},
): Promise<z.output<S>> {
  const path = urlOf(route, options as never);
  const method = methodOf(route);
  const { body, csrfToken } = options;
  const headers: Record<string, string> = { accept: 'application/json' };
  const form = body instanceof FormData;
  // The browser writes a form's content type itself, with its boundary.
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  if (csrfToken) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined || form ? body : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  return readAnswer(path, contract, response.status === 204 ? undefined : await response.json());
}
