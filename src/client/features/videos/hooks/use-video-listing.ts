import { useCallback, useEffect, useState } from 'react';
import { useServerPageData } from '~/client/app/page-data';
import type { PublicVideoListing, VideosPageData } from '~/shared/schemas/videos';
import { listVideos } from '~/client/features/videos/api/list-videos';

interface ListingState {
  page: number;
  listing?: PublicVideoListing;
  /** The first comments of each video, when the server rendered this page with them. */
  comments?: VideosPageData['comments'];
  error?: Error;
}

/**
 * The videos of one page. The page the server rendered starts with the server's data (no call
 * on load); another page, or this one after a client-side navigation, is fetched.
 */
export function useVideoListing(page: number) {
  const fromServer = useServerPageData<VideosPageData>();
  const [state, setState] = useState<ListingState>(() => ({
    page,
    listing: fromServer,
    comments: fromServer?.comments,
  }));
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
  return { listing: current.listing, comments: current.comments, error: current.error, retry };
}
