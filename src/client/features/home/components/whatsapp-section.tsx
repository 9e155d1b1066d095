import { useSiteContent } from '~/client/lib/site-content';
import { Icon } from '~/client/components/ui/icon';

export function WhatsappSection() {
  const { url, heading, text } = useSiteContent('whatsappChannel');
  return (
    <section aria-labelledby="whatsapp-heading" className="bg-white px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-8 rounded-3xl bg-cream-100 px-6 py-12 text-center ring-1 ring-stone-200 sm:px-12 md:flex-row md:text-left">
        <img
          src="/images/whatsapp.svg"
          alt=""
          width="64"
          height="64"
          loading="lazy"
          className="shrink-0"
        />
        <div className="flex-1">
          <h2
            id="whatsapp-heading"
            className="font-display text-3xl font-semibold text-navy-950 sm:text-4xl"
          >
            {heading}
          </h2>
          <p className="mt-3 text-lg text-stone-700">{text}</p>
        </div>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-green-700 px-6 py-2.5 font-semibold text-white transition-colors hover:bg-green-800"
        >
          Follow the Channel
          <span className="sr-only"> on WhatsApp (opens in a new tab)</span>
          <Icon name="external" className="size-4" />
        </a>
      </div>
    </section>
  );
}
