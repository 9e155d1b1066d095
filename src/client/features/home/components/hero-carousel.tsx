import type { PublicContent } from '~/shared/site-content';
import { useSiteContent } from '~/client/lib/site-content';
import { buttonClass } from '~/client/components/ui/button';
import { ResponsivePicture } from '~/client/components/ui/responsive-picture';
import { useCarousel } from '~/client/features/home/hooks/use-carousel';
import { scrollToStoryline } from '~/client/features/home/lib/scroll-past';
import { HERO_INTERVAL_MS, HERO_LOCK_MS } from '~/client/features/home/lib/timing';
import { CarouselControls } from './carousel-controls';
import { Icon } from '~/client/components/ui/icon';
import { SiteLink } from './site-link';
import { useScripted } from '~/client/lib/use-scripted';

type Slide = PublicContent['hero'][number];

/**
 * Spec 2 and 4: three slides rotating every 7 s. Only the active slide is exposed; the others
 * stay in the markup (their text is in the server's HTML) but are hidden and inert. The active
 * slide's title is the page's h1.
 */
export function HeroCarousel() {
  const slides = useSiteContent('hero');
  const carousel = useCarousel({
    count: slides.length,
    intervalMs: HERO_INTERVAL_MS,
    lockMs: HERO_LOCK_MS,
  });
  // The scroll button is a script's too: there once scripts run (see CarouselControls).
  const scripted = useScripted();
  return (
    <section
      id="home"
      aria-roledescription="carousel"
      aria-label="Welcome"
      className="relative isolate h-[calc(100svh-5rem)] max-h-[52rem] min-h-[38rem] overflow-hidden bg-navy-950 text-white"
      {...carousel.regionProps}
    >
      <div aria-live={carousel.running ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <HeroSlide
            key={i}
            slide={slide}
            position={i}
            count={slides.length}
            active={i === carousel.index}
          />
        ))}
      </div>
      <CarouselControls
        item="slide"
        rotationName="slideshow"
        count={slides.length}
        carousel={carousel}
        className="absolute inset-x-0 bottom-20 z-10"
      />
      {scripted ? (
        <button
          type="button"
          onClick={scrollToStoryline}
          aria-label="Scroll to the next section"
          className="absolute bottom-4 left-1/2 z-10 flex size-11 -translate-x-1/2 items-center justify-center rounded-full text-gold-300 transition-colors hover:bg-white/10 hover:text-gold-200"
        >
          <Icon name="down" className="size-7" />
        </button>
      ) : null}
    </section>
  );
}

function HeroSlide({
  slide,
  position,
  count,
  active,
}: {
  slide: Slide;
  position: number;
  count: number;
  active: boolean;
}) {
  const Title = active ? 'h1' : 'p';
  const first = position === 0;
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${count}`}
      aria-hidden={active ? undefined : true}
      inert={!active}
      className={`absolute inset-0 transition-opacity duration-700 ${active ? 'opacity-100' : 'opacity-0'}`}
    >
      <ResponsivePicture
        image={slide.backgroundImage}
        sizes="100vw"
        priority={first}
        className="absolute inset-0 size-full object-cover"
      />
      <div className="absolute inset-0 bg-linear-to-b from-navy-950/60 via-navy-950/45 to-navy-950/90" />
      {/* The text leaves quickly and the next arrives after it: the 500 ms of the lock. */}
      <div
        className={`relative mx-auto flex h-full max-w-4xl flex-col items-center justify-center px-6 pb-32 text-center transition-opacity ${
          active ? 'opacity-100 delay-200 duration-300' : 'opacity-0 duration-200'
        }`}
      >
        <Title className="font-display text-5xl leading-[1.05] font-semibold text-balance drop-shadow-lg sm:text-6xl lg:text-7xl">
          <span className="block">{slide.title[0]}</span>{' '}
          <span className="block text-gold-300">{slide.title[1]}</span>
        </Title>
        <p className="mt-6 max-w-2xl text-lg text-white/90 sm:text-xl">{slide.subtitle}</p>
        <SiteLink to={slide.buttonLink} className={buttonClass('primary', 'mt-9 px-8 text-lg')}>
          {slide.buttonText}
        </SiteLink>
      </div>
    </div>
  );
}
