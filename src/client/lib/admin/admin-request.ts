import type * as z from 'zod/mini';
import { readAnswer, toApiError, type Contract } from '~/client/lib/api';

interface AdminRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Required by the server on every state-changing call but the login. */
  csrfToken?: string;
}

/**
 * One call to the admin API with the session cookie, its answer read through its contract
 * (src/shared/schemas). Failures become an ApiError whose message reads 'status: body'
 * (spec 8); a 204 answers undefined, which the `noContent` contract accepts.
 */
export async function adminRequest<S extends z.core.$ZodType>(
  path: string,
  contract: Contract<S>,
  { method = 'GET', body, csrfToken }: AdminRequestOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (csrfToken) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  return readAnswer(path, contract, response.status === 204 ? undefined : await response.json());
}
