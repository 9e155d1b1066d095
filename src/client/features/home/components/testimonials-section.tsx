import { useSiteContent } from '~/client/lib/site-content';
import type { PublicContent } from '~/shared/site-content';
import { useCarousel } from '~/client/features/home/hooks/use-carousel';
import { TESTIMONIAL_HOLD_MS, TESTIMONIAL_INTERVAL_MS } from '~/client/features/home/lib/timing';
import { CarouselControls } from './carousel-controls';
import { Icon } from '~/client/components/ui/icon';
import { SectionHeading } from './section-heading';

/**
 * Spec 2 and 4: members' words, one at a time, every 5 s; a manual change holds rotation 10 s.
 * All testimonials share one grid cell, so the tallest sets the height and nothing jumps.
 */
export function TestimonialsSection() {
  const testimonials = useSiteContent('testimonials');
  // The office may hide every story: then the section is not shown at all.
  return testimonials.length > 0 ? <TestimonialsCarousel testimonials={testimonials} /> : null;
}

function TestimonialsCarousel({ testimonials }: { testimonials: PublicContent['testimonials'] }) {
  const carousel = useCarousel({
    count: testimonials.length,
    intervalMs: TESTIMONIAL_INTERVAL_MS,
    holdAfterManualMs: TESTIMONIAL_HOLD_MS,
  });
  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-heading"
      className="bg-navy-950 py-20 text-white sm:py-24"
    >
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <SectionHeading
          id="testimonials-heading"
          eyebrow="Testimonials"
          title="Voices of Our Community"
          dark
        />
        <div
          aria-roledescription="carousel"
          aria-label="Testimonials"
          role="region"
          className="mt-12"
          {...carousel.regionProps}
        >
          <div aria-live={carousel.running ? 'off' : 'polite'} className="grid">
            {testimonials.map((t, i) => {
              const active = i === carousel.index;
              return (
                <div
                  key={i}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${testimonials.length}`}
                  aria-hidden={active ? undefined : true}
                  inert={!active}
                  className={`col-start-1 row-start-1 rounded-3xl bg-navy-900 px-6 py-10 text-center ring-1 ring-white/10 transition-opacity duration-500 sm:px-12 ${
                    active ? 'opacity-100' : 'opacity-0'
                  }`}
                >
                  <Icon name="quote" className="mx-auto size-10 text-gold-300" />
                  <h3 className="mt-4 font-display text-3xl font-semibold text-gold-300">
                    {t.title}
                  </h3>
                  <blockquote className="mt-5 font-display text-2xl leading-snug text-white sm:text-[1.7rem]">
                    <p>“{t.quote}”</p>
                  </blockquote>
                  <p className="mt-6">
                    <span className="block font-semibold">{t.author}</span>
                    <span className="block text-sm text-white/80">{t.tier}</span>
                  </p>
                </div>
              );
            })}
          </div>
          <CarouselControls
            item="testimonial"
            rotationName="testimonials"
            count={testimonials.length}
            carousel={carousel}
            className="mt-8"
          />
        </div>
      </div>
    </section>
  );
}
