import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { scrollToAnchor } from '../lib/scroll';

/**
 * On every route change: to the anchor in the address if there is one (arriving from another
 * page with /#miracles), else to the top.
 */
export function ScrollManager() {
  const [location] = useLocation();
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id && scrollToAnchor(id)) return;
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}
