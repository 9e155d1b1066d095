import type * as z from 'zod/mini';
import { urlOf, type CallArgs, type Route } from '~/shared/route';

/**
 * The JSON calls the pages make. Each names the contract of its answer (a zod schema of
 * src/shared/schemas), so the types the screens read are inferred from the same schema the
 * server declares, and an answer that does not match fails loudly in development and tests.
 * (Production skips the check; see readAnswer.)
 *
 * A failed response becomes an ApiError: its message is the server's own sentence, written for
 * the person reading it, never led by the HTTP status (people read these messages; the
 * status is kept in `status` for the code that needs it), and the per-field messages of a 400 so
 * a form can show them under its fields.
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

/** An answer that does not match its contract: a bug on one side or the other. */
export class ContractError extends Error {
  override name = 'ContractError';
}

type Schema = z.core.$ZodType;

/**
 * An answer's contract, or a loader of it: the public pages load their schemas with the form
 * (see useZodForm), which keeps zod out of the phone's first download. The home page's forms pass
 * `import.meta.env.DEV ? loader : null`, so a production build carries not even the loader.
 */
export type Contract<S extends Schema> = S | (() => Promise<S>);
type MaybeContract<S extends Schema> = Contract<S> | null;

/**
 * One contract of a schema module loaded on demand: `load` is
 * `import.meta.env.DEV ? () => import('~/shared/schemas/…') : null`, so a production build,
 * which does not check answers, carries neither the module nor its loader.
 */
export function contractOf<M, S extends Schema>(
  load: (() => Promise<M>) | null,
  pick: (module: M) => S,
): MaybeContract<S> {
  return load && (() => load().then(pick));
}

/**
 * The error of a failed response: the server's message, or a plain sentence when it sent none
 * (a proxy's error page, an empty body). Kept short: this module is in every page's first load.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  let message = 'Something went wrong. Please try again in a few minutes.';
  let fields: Record<string, string> = {};
  try {
    const parsed = JSON.parse(await response.text()) as {
      error?: { message?: string; fields?: Record<string, string> };
    };
    message = parsed.error?.message || message;
    fields = parsed.error?.fields ?? {};
  } catch {
    // Not the API's JSON: the plain sentence stands.
  }
  return new ApiError(response.status, message, fields);
}

const pathOf = (segments: readonly unknown[] | undefined) =>
  (segments ?? [])
    .map((s) => (typeof s === 'object' && s !== null && 'key' in s ? s.key : s))
    .map(String)
    .join('.') || '(the answer)';

/**
 * The answer of `path` as its contract reads it. Through Standard Schema's `validate`, which
 * every zod schema carries, so this module needs no zod of its own.
 */
export async function readAnswer<S extends Schema>(
  path: string,
  contract: MaybeContract<S>,
  data: unknown,
): Promise<z.output<S>> {
  // A production build trusts the answer: the server's serializer has just checked it against
  // the same schema, and the check's code and the public pages' schemas stay out of the download.
  if (!import.meta.env.DEV || !contract) return data as z.output<S>;
  const schema = typeof contract === 'function' ? await contract() : contract;
  const result = await schema['~standard'].validate(data);
  if (!result.issues) return result.value as z.output<S>;
  const detail = result.issues
    .slice(0, 3)
    .map((issue) => `${pathOf(issue.path)}: ${issue.message}`)
    .join('; ');
  throw new ContractError(`${path.split('?')[0]} answered outside its contract: ${detail}`);
}

/** A POST to `route` (src/shared/api) with a JSON body; `options` fill its `:params` and query. */
export async function postJson<R extends `POST ${string}` & Route, S extends Schema>(
  route: R,
  body: unknown,
  contract: MaybeContract<S>,
  ...[options]: CallArgs<R>
): Promise<z.output<S>>;
export async function postJson<S extends Schema>(
  route: Route,
  body: unknown,
  contract: MaybeContract<S>,
  options?: object,
): Promise<z.output<S>> {
  const path = urlOf(route, options as never);
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await toApiError(response);
  const answer: unknown = await response.json();
  // Checked in development and tests only; production drops the call (see readAnswer).
  return import.meta.env.DEV ? readAnswer(path, contract, answer) : (answer as z.output<S>);
}

/**
 * A GET of `route`; `signal`: to give up on the answer (a deadline:
 * `AbortSignal.timeout(ms)`).
 */
export async function getJson<R extends `GET ${string}` & Route, S extends Schema>(
  route: R,
  contract: MaybeContract<S>,
  ...[options]: CallArgs<R, { signal?: AbortSignal }>
): Promise<z.output<S>>;
export async function getJson<S extends Schema>(
  route: Route,
  contract: MaybeContract<S>,
  options?: { signal?: AbortSignal },
): Promise<z.output<S>> {
  const path = urlOf(route, options as never);
  const response = await fetch(path, {
    credentials: 'include',
    headers: { accept: 'application/json' },
    signal: options?.signal,
  });
  if (!response.ok) throw await toApiError(response);
  const answer: unknown = await response.json();
  // Checked in development and tests only; production drops the call (see readAnswer).
  return import.meta.env.DEV ? readAnswer(path, contract, answer) : (answer as z.output<S>);
}
