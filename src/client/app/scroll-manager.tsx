import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { scrollToAnchor } from '~/client/lib/scroll';

/** How long to wait for a lazily loaded page to put the anchor's section in place. */
const ANCHOR_WAIT_MS = 3000;

/**
 * On every route change: to the anchor in the address if there is one (arriving from another
 * page at /#miracles), else to the top. The page's chunk may still be loading when the route
 * changes, so the anchor is awaited until its element appears.
 */
export function ScrollManager() {
  const [location] = useLocation();
  useEffect(() => {
    // A new page starts at the top at once: with the stylesheet's smooth scrolling the jump
    // would animate, and the next page replacing the old one mid-animation would stop it short.
    const toTop = () => window.scrollTo({ top: 0, behavior: 'instant' });
    const id = window.location.hash.slice(1);
    if (!id) {
      toTop();
      return;
    }
    if (scrollToAnchor(id)) return;
    toTop();
    const observer = new MutationObserver(() => {
      if (scrollToAnchor(id)) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), ANCHOR_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [location]);
  return null;
}
