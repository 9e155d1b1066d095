import { useCallback, useEffect, useState } from 'react';
import { useServerPageData } from '../../../app/page-data';
import type { PublicVideoListing } from '~/shared/schemas/videos';
import { listVideos } from '../api/list-videos';

interface ListingState {
  page: number;
  listing?: PublicVideoListing;
  error?: Error;
}

/**
 * The videos of one page. The page the server rendered starts with the server's data (no call
 * on load); another page, or this one after a client-side navigation, is fetched.
 */
export function useVideoListing(page: number) {
  const fromServer = useServerPageData<PublicVideoListing>();
  const [state, setState] = useState<ListingState>(() => ({ page, listing: fromServer }));
  const current = state.page === page ? state : { page };

  useEffect(() => {
    if (current.listing || current.error) return;
    let cancelled = false;
    listVideos(page).then(
      (listing) => !cancelled && setState({ page, listing }),
      (error: unknown) =>
        !cancelled &&
        setState({ page, error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      cancelled = true;
    };
  }, [page, current.listing, current.error]);

  const retry = useCallback(() => setState({ page }), [page]);
  return { listing: current.listing, error: current.error, retry };
}
