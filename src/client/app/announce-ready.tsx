import { useEffect } from 'react';

/**
 * Says the app has taken over the page's content: rendered inside the page's Suspense boundary,
 * its effect runs once that boundary has hydrated. A form the entry held while the app loaded is
 * then sent again (src/client/entry-client.tsx). Renders nothing, so the markup still matches.
 */
export function AnnounceReady() {
  useEffect(() => {
    window.dispatchEvent(new Event('app:ready'));
  }, []);
  return null;
}
