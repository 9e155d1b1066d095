/**
 * What the browser does when a page it is about to render itself cannot get what it needs (its
 * code after a new release replaced it, the rest of the site's content): it asks the server for
 * the address it is on, which renders the page whole. The promise never settles: the page goes.
 * On the server, where there is no page to reload, the error stands.
 *
 * Once per address in a while: should the page the server sends need the same again and fail the
 * same way, it stays as the server rendered it (readable, its forms posting without scripts)
 * rather than reloading over and over.
 */
export function reloadFromServer(error: unknown): Promise<never> {
  if (typeof window === 'undefined') throw error;
  const here = window.location.href;
  if (!reloadedLately(here)) {
    remember(here);
    window.location.reload();
  }
  return new Promise<never>(() => {});
}

const MARK = 'tziyun:reloaded-from-server';
/** Within this long, a second reload of the same address is not tried. */
export const RELOAD_AGAIN_AFTER_MS = 60_000;

function reloadedLately(address: string): boolean {
  try {
    const mark = JSON.parse(sessionStorage.getItem(MARK) ?? 'null') as {
      address: string;
      at: number;
    } | null;
    return mark?.address === address && Date.now() - mark.at < RELOAD_AGAIN_AFTER_MS;
  } catch {
    return false;
  }
}

function remember(address: string) {
  try {
    sessionStorage.setItem(MARK, JSON.stringify({ address, at: Date.now() }));
  } catch {
    // Storage refused (a private window's quota): the reload goes ahead unremembered.
  }
}
