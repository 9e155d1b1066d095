import { PageHeader } from '../components/layout/page-header';

// The video library arrives with its own work (issue 6); until then it is honestly empty.
export default function VideosPage() {
  return (
    <>
      <PageHeader title="Teaching Videos">Words of Torah and guidance from the Rabbi.</PageHeader>
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h2 className="font-display text-3xl font-semibold text-navy-950">No Videos Available</h2>
        <p className="mt-3 text-lg text-stone-700">
          New teachings are on their way. Please check back soon.
        </p>
      </section>
    </>
  );
}
