/**
 * What the browser does when a page it is about to render itself cannot get what it needs (its
 * code after a new release replaced it, the rest of the site's content): it asks the server for
 * the address it is on, which renders the page whole. The promise never settles: the page goes.
 * On the server, where there is no page to reload, the error stands.
 */
export function reloadFromServer(error: unknown): Promise<never> {
  if (typeof window === 'undefined') throw error;
  window.location.reload();
  return new Promise<never>(() => {});
}
