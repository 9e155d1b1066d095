import { useSearch } from 'wouter';
import { PageHeader } from '~/client/components/layout/page-header';
import { VideoLibrary } from '~/client/features/videos/components/video-library';
import { publicPageNumber } from '~/shared/schemas/videos';

/** /videos and /videos?page=N: the published teachings, rendered on the server. */
export default function VideosPage() {
  const page = publicPageNumber(new URLSearchParams(useSearch()).get('page'));
  return (
    <>
      <PageHeader title="Teaching Videos">Words of Torah and guidance from the Rabbi.</PageHeader>
      <VideoLibrary page={page} />
    </>
  );
}
