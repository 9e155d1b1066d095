import { toApiError } from '../../../lib/api';

interface AdminRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Required by the server on every state-changing call but the login. */
  csrfToken?: string;
}

/**
 * One call to the admin API with the session cookie. Failures become an ApiError whose message
 * reads 'status: body' (spec 8); a 204 answers undefined.
 */
export async function adminRequest<T>(
  path: string,
  { method = 'GET', body, csrfToken }: AdminRequestOptions = {},
): Promise<T> {
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
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
