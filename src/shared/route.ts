/**
 * A route as both sides know it: its method and its full path, written as docs/api.md writes it
 * (`'POST /api/newsletter'`). The tables of src/shared/api name each route once; the server
 * registers from them (src/server/lib/route-at.ts) and the browser calls through them. Plain
 * strings, no zod: the public pages carry their tables in the first download (ADR 057).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Route = `${Method} /${string}`;

export type MethodOf<R extends Route> = R extends `${infer M extends Method} ${string}` ? M : never;
type PathOf<R extends Route> = R extends `${Method} ${infer P}` ? P : never;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A query's values; `undefined` and `null` leave their name out. */
export type Query = URLSearchParams | Record<string, string | number | boolean | null | undefined>;

/** The `:params` of a route's path (required when it has any) and its query. */
export type Target<R extends Route> = ([ParamNames<PathOf<R>>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<PathOf<R>>, string | number> }) & { query?: Query };

/** A call's options: optional when the route has no `:params`, required when it has. */
export type CallArgs<R extends Route, Extra = object> = [ParamNames<PathOf<R>>] extends [never]
  ? [options?: Extra & Target<R>]
  : [options: Extra & Target<R>];

export const methodOf = <R extends Route>(route: R) => route.split(' ')[0] as MethodOf<R>;

/** The address to call `route` at: its `:params` filled in (encoded), then the query. */
export function urlOf<R extends Route>(route: R, ...[target]: CallArgs<R>): string {
  const params = (target?.params ?? {}) as Record<string, string | number>;
  const path = route
    .slice(route.indexOf(' ') + 1)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
  const query = new URLSearchParams();
  const given = target?.query ?? {};
  for (const [name, value] of given instanceof URLSearchParams ? given : Object.entries(given))
    if (value != null) query.append(name, String(value));
  const search = String(query);
  return search ? `${path}?${search}` : path;
}
