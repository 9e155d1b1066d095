export const ADMIN_HOME = '/admin';
export const ADMIN_LOGIN = '/admin/login';
/** The signed-in administrator's own second factors. */
export const ADMIN_ACCOUNT = '/admin/account';

/**
 * Where to go after signing in: the `next` parameter when it is a path of this site under /admin,
 * else the dashboard. An absolute or protocol-relative URL (`https://…`, `//evil.example`, `/\…`)
 * is never followed, so the sign-in page cannot be used to send someone elsewhere.
 */
export function safeNextPath(next: string | null | undefined, origin: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next)) {
    return ADMIN_HOME;
  }
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return ADMIN_HOME;
  }
  if (url.origin !== origin) return ADMIN_HOME;
  if (!/^\/admin(\/|$)/.test(url.pathname)) return ADMIN_HOME;
  if (url.pathname.replace(/\/+$/, '') === ADMIN_LOGIN) return ADMIN_HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page's address that comes back to `path` (a path with its query) afterwards. */
export function loginPathFor(path: string): string {
  return `${ADMIN_LOGIN}?${new URLSearchParams({ next: path })}`;
}
