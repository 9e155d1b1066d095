import { useSiteContent } from '~/client/lib/site-content';
import { ResponsivePicture } from '~/client/components/ui/responsive-picture';
import { SectionHeading } from './section-heading';

export function MiraclesSection() {
  const miracles = useSiteContent('miracles');
  if (miracles.length === 0) return null;
  return (
    <section
      id="miracles"
      aria-labelledby="miracles-heading"
      className="bg-cream-50 py-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading
          id="miracles-heading"
          eyebrow="Miracle Stories"
          title="Miracles at the Tziyun"
        >
          <p>
            Names carried to the tziyun, prayers answered. A few of the stories our members have
            shared with us.
          </p>
        </SectionHeading>
        <ul className="mt-14 grid gap-8 md:grid-cols-3">
          {miracles.map((miracle, i) => (
            <li
              key={i}
              className="flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200"
            >
              <ResponsivePicture
                image={miracle.image}
                sizes="(min-width: 768px) 33vw, 100vw"
                className="aspect-[4/3] w-full bg-navy-900 object-cover"
              />
              <div className="p-7">
                <h3 className="font-display text-3xl font-semibold text-navy-950">
                  {miracle.title}
                </h3>
                <p className="mt-3 leading-relaxed text-stone-700">{miracle.content}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
