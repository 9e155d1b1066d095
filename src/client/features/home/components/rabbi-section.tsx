import { Link } from 'wouter';
import { useSiteContent } from '~/client/lib/site-content';
import { AnchorLink } from '~/client/components/layout/anchor-link';
import { buttonClass } from '~/client/components/ui/button';
import { ResponsivePicture } from '~/client/components/ui/responsive-picture';
import { Icon } from '~/client/components/ui/icon';
import { SectionHeading } from './section-heading';

export function RabbiSection() {
  const { name, bio, image } = useSiteContent('rabbi');
  return (
    <section id="rabbi" aria-labelledby="rabbi-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 md:grid-cols-5">
        <div className="mx-auto w-full max-w-sm md:col-span-2">
          <div className="overflow-hidden rounded-[2rem] shadow-xl ring-4 ring-gold-400/60 ring-offset-4 ring-offset-white">
            <ResponsivePicture
              image={image}
              sizes="(min-width: 768px) 384px, 100vw"
              className="aspect-[4/5] w-full bg-navy-900 object-cover"
            />
          </div>
          {/* The spec's 'Watch message' bar: it leads to the Rabbi's teachings. */}
          <Link
            href="/videos"
            className="group mt-6 flex items-center gap-4 rounded-2xl bg-navy-950 px-5 py-4 text-white transition-colors hover:bg-navy-800"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gold-400 text-navy-950 transition-transform group-hover:scale-105">
              <Icon name="play" className="size-5" />
            </span>
            <span>
              <span className="block font-semibold">Watch message</span>
              <span className="block text-sm text-white/80">Teachings from the Rabbi</span>
            </span>
          </Link>
        </div>
        <div className="md:col-span-3">
          <SectionHeading id="rabbi-heading" eyebrow="Meet the Rabbi" title={name} left />
          {bio.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-lg leading-relaxed text-stone-700">
              {paragraph}
            </p>
          ))}
          <AnchorLink anchor="membership" className={buttonClass('secondary', 'mt-8')}>
            Join for Guidance
          </AnchorLink>
        </div>
      </div>
    </section>
  );
}
