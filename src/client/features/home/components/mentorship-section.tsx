import { Link } from 'wouter';
import siteConfig from '~/client/lib/site-config';
import { useSiteContent } from '~/client/lib/site-content';
import { nextSessionDate } from '~/shared/session-dates';
import { buttonClass } from '~/client/components/ui/button';
import { formatIsoDate, formatTimeOfDay } from '~/client/features/home/lib/format-date';
import { SectionHeading } from './section-heading';

/** Spec 2 and 9: the Beacon tier's quarterly circle, and when it next meets. */
export function MentorshipSection() {
  const mentorship = useSiteContent('mentorship');
  const { heading, text, cadence, sessionMinutes, seats, everyMonths, tier, startTime } =
    mentorship;
  // A configured date that has passed rolls forward, as the welcome mail's does.
  // Today in the site's time zone, as YYYY-MM-DD (isoDateIn's format, without its module).
  const today = new Date().toLocaleDateString('en-CA', { timeZone: siteConfig.timeZone });
  const nextSession = nextSessionDate(mentorship.nextSession, everyMonths, today);
  const facts = [
    { label: 'Sessions', value: cadence },
    { label: 'Length', value: `${sessionMinutes} minutes` },
    { label: 'Circle', value: `${seats} Beacon members` },
  ];
  return (
    <section
      id="mentorship"
      aria-labelledby="mentorship-heading"
      className="bg-navy-900 py-20 text-white sm:py-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading
            id="mentorship-heading"
            eyebrow="Exclusive to Beacon Tier"
            title={heading}
            dark
            left
          >
            <p>{text}</p>
          </SectionHeading>
          <Link href={`/join?tier=${tier}`} className={buttonClass('primary', 'mt-8')}>
            Join Beacon Tier
          </Link>
        </div>
        <div className="rounded-3xl bg-navy-950 p-8 ring-1 ring-gold-500/30 sm:p-10">
          <dl className="grid gap-6 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
            {facts.map((fact) => (
              <div key={fact.label}>
                <dt className="text-sm tracking-wider text-white/75 uppercase">{fact.label}</dt>
                <dd className="mt-1 font-display text-2xl font-semibold text-gold-300">
                  {fact.value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-8 border-t border-white/15 pt-6 text-white/85">
            Next session:{' '}
            <time dateTime={nextSession} className="font-semibold text-white">
              {formatIsoDate(nextSession)}
            </time>
            {startTime ? (
              <>
                , at{' '}
                <span className="font-semibold text-white">
                  {formatTimeOfDay(startTime, nextSession, siteConfig.timeZone)}
                </span>
              </>
            ) : null}
          </p>
        </div>
      </div>
    </section>
  );
}
