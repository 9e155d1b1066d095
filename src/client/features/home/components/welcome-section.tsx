import { useSiteContent } from '~/client/lib/site-content';
import { SectionHeading } from './section-heading';

/** The storyline: where the hero's scroll-down arrow leads. */
export function WelcomeSection() {
  const { heading, text, points } = useSiteContent('welcome');
  return (
    <section
      id="storyline"
      aria-labelledby="storyline-heading"
      className="bg-cream-50 py-20 outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="storyline-heading" eyebrow="Our Community" title={heading}>
          <p>{text}</p>
        </SectionHeading>
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {points.map((point, i) => (
            <li key={i} className="rounded-2xl bg-white p-7 shadow-sm ring-1 ring-stone-200">
              <span
                aria-hidden="true"
                className="flex size-11 items-center justify-center rounded-full bg-navy-950 font-display text-xl font-semibold text-gold-300"
              >
                {i + 1}
              </span>
              <h3 className="mt-5 font-display text-2xl font-semibold text-navy-950">
                {point.title}
              </h3>
              <p className="mt-2 text-stone-700">{point.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
