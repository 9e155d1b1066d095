import { methodOf, type Route } from '~/shared/route';

/**
 * Where a route of src/shared/api registers in a plugin: its method, and its path less the
 * plugin's prefix (`/api`, `/api/admin` …), so the full path is written once, in the table:
 * `app.route({ ...at(app, newsletterApi.subscribe), schema, handler })`.
 */
export function at<R extends Route>(app: { prefix: string }, route: R) {
  const path = route.slice(route.indexOf(' ') + 1);
  if (!path.startsWith(`${app.prefix}/`))
    throw new Error(`${route} cannot be registered under the prefix ${app.prefix}`);
  return { method: methodOf(route), url: path.slice(app.prefix.length) };
}
