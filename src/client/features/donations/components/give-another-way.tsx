import siteConfig from '~/client/lib/site-config';
import { useId, type ReactNode } from 'react';
import { useSiteContent } from '~/client/lib/site-content';

/**
 * When no way to pay online is set up (for this kind of gift): says so, and how to give through
 * the office instead, by phone, email or post, rather than showing a form that cannot work.
 */
export function GiveAnotherWay({
  title = 'Online giving is not available right now',
  level = 3,
  children,
}: {
  title?: string;
  level?: 2 | 3;
  /** What cannot be done online, in a sentence; a default says it of every gift. */
  children?: ReactNode;
}) {
  const { email, phone, addressLine } = useSiteContent('contact');
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-stone-300 bg-cream-100 p-5 text-stone-900"
    >
      <Heading id={headingId} className="font-display text-xl font-semibold text-navy-950">
        {title}
      </Heading>
      <p className="mt-2">
        {children ??
          'Payments by card and by OJC Fund charity card are not set up on this site yet.'}{' '}
        The office gladly takes your gift another way:
      </p>
      <ul className="mt-3 space-y-1">
        <li>
          By phone:{' '}
          <a
            href={`tel:${phone.replace(/[^0-9+]/g, '')}`}
            className="font-semibold underline underline-offset-2"
          >
            {phone}
          </a>
        </li>
        <li>
          By email:{' '}
          <a href={`mailto:${email}`} className="font-semibold underline underline-offset-2">
            {email}
          </a>
        </li>
        <li>
          By post: {siteConfig.legalName}, {addressLine}
        </li>
      </ul>
    </section>
  );
}
