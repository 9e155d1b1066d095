import { useAdminVideosQuery } from '~/client/features/videos/api/admin-videos';
import { QueryContent } from '~/client/components/ui/panel-parts';
import { VideoForm } from './video-form';

/** The Upload tab: the video form, once the server's upload limit is known. */
export default function VideoUploadPanel() {
  const query = useAdminVideosQuery();
  return (
    <section className="flex flex-col gap-4" aria-label="Upload a video">
      <p className="max-w-2xl text-stone-700">
        Add a teaching: upload a video file from this computer, or give a YouTube or Vimeo link. New
        videos are drafts until published.
      </p>
      <QueryContent
        query={query}
        loadingLabel="Loading the upload settings…"
        errorTitle="Could not load the upload settings"
      >
        {(data) => <VideoForm maxUploadMb={data.maxUploadMb} />}
      </QueryContent>
    </section>
  );
}
