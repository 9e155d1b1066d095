import type { useCarousel } from '~/client/features/home/hooks/use-carousel';
import { Icon } from '~/client/components/ui/icon';
import { useScripted } from '~/client/lib/use-scripted';

interface CarouselControlsProps {
  /** What one item is called in labels: 'slide', 'testimonial'. */
  item: string;
  /** What the pause button stops: 'slideshow', 'testimonials'. */
  rotationName: string;
  count: number;
  /** The carousel's state and actions, as useCarousel returns them. */
  carousel: ReturnType<typeof useCarousel>;
  className?: string;
}

const roundButton =
  'flex size-11 items-center justify-center rounded-full border border-white/40 bg-navy-950/50 text-white transition-colors hover:border-gold-300 hover:bg-navy-800';

/** Previous, one dot per item, next, and pause/play, for a carousel on a dark background. */
export function CarouselControls({
  item,
  rotationName,
  count,
  carousel,
  className = '',
}: CarouselControlsProps) {
  const { index, canRotate, userPaused: paused } = carousel;
  // Only scripts turn the slides: without them the controls would do nothing, so they are not
  // there; an empty row of their height holds their place, so nothing moves when they come.
  // (Not hidden by CSS and shown later: the change would start transitions under reduced motion.)
  const scripted = useScripted();
  if (!scripted) return <div aria-hidden="true" className={`h-11 ${className}`} />;
  return (
    <div className={`flex items-center justify-center gap-3 ${className}`}>
      <button
        type="button"
        className={roundButton}
        onClick={carousel.previous}
        aria-label={`Previous ${item}`}
      >
        <Icon name="left" />
      </button>
      <div className="flex items-center gap-1">
        {Array.from({ length: count }, (_, i) => (
          <button
            key={i}
            type="button"
            className="group flex h-8 min-w-6 items-center justify-center px-1"
            onClick={() => carousel.goTo(i)}
            aria-label={`Go to ${item} ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
          >
            <span
              className={`block h-2.5 rounded-full transition-all duration-300 ${
                i === index ? 'w-8 bg-gold-300' : 'w-2.5 bg-white/70 group-hover:bg-white'
              }`}
            />
          </button>
        ))}
      </div>
      <button
        type="button"
        className={roundButton}
        onClick={carousel.next}
        aria-label={`Next ${item}`}
      >
        <Icon name="right" />
      </button>
      {canRotate ? (
        <button
          type="button"
          className={`${roundButton} ml-2`}
          onClick={carousel.toggleUserPaused}
          aria-label={`${paused ? 'Play' : 'Pause'} ${rotationName}`}
        >
          <Icon name={paused ? 'play' : 'pause'} className="size-5" />
        </button>
      ) : null}
    </div>
  );
}
