/**
 * The JSON calls the pages make. A failed response becomes an ApiError whose message follows
 * spec 8 ('status: body'), with the server's own message as the body when it sent one, and the
 * per-field messages of a 400 so a form can show them under its fields.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body = text || response.statusText;
  let fields: Record<string, string> = {};
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: string; fields?: Record<string, string> };
    };
    if (parsed.error?.message) body = parsed.error.message;
    fields = parsed.error?.fields ?? {};
  } catch {
    // not JSON: keep the raw text
  }
  return new ApiError(response.status, `${response.status}: ${body}`, fields);
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}

export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(path, {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw await toApiError(response);
  return (await response.json()) as T;
}
