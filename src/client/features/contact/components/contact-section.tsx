import { Link } from 'wouter';
import { useSiteContent } from '~/client/lib/site-content';
import { ContactForm } from './contact-form';

export function ContactSection({ headingLevel = 'h2' }: { headingLevel?: 'h1' | 'h2' }) {
  const Heading = headingLevel;
  const SubHeading = headingLevel === 'h1' ? 'h2' : 'h3';
  const { email, phone, addressLine } = useSiteContent('contact');
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-cream-50 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <Heading
            id="contact-heading"
            className="font-display text-4xl font-semibold text-navy-950 sm:text-5xl"
          >
            Connect to Your Journey
          </Heading>
          <p className="mt-4 text-lg text-stone-700">
            Questions about membership, or a name you would like the Rabbi to carry to the tziyun?
            Write to us and the office will answer personally.
          </p>
        </div>
        <div className="mt-12 grid gap-8 md:grid-cols-5">
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-200 sm:p-8 md:col-span-3">
            <ContactForm />
          </div>
          <aside
            aria-label="Contact information"
            className="rounded-2xl bg-navy-950 p-6 text-white sm:p-8 md:col-span-2"
          >
            <SubHeading className="font-display text-2xl font-semibold text-gold-300">
              Contact Information
            </SubHeading>
            <dl className="mt-6 space-y-5">
              <div>
                <dt className="text-sm text-white/80">Email</dt>
                <dd>
                  <a
                    href={`mailto:${email}`}
                    className="text-lg underline-offset-4 hover:underline"
                  >
                    {email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-white/80">Phone</dt>
                <dd>
                  <a
                    href={`tel:${phone.replace(/[^0-9+]/g, '')}`}
                    className="text-lg underline-offset-4 hover:underline"
                  >
                    {phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-white/80">Address</dt>
                <dd className="text-lg">{addressLine}</dd>
              </div>
            </dl>
            <Link
              href="/donate"
              className="mt-8 inline-block font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-200"
            >
              Support our sacred mission!
            </Link>
          </aside>
        </div>
      </div>
    </section>
  );
}
