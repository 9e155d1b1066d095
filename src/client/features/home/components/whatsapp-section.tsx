import siteConfig from '@site-config';
import { HomeIcon } from './icons';

export function WhatsappSection() {
  const { url, heading, text } = siteConfig.whatsappChannel;
  return (
    <section aria-labelledby="whatsapp-heading" className="bg-white px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-8 rounded-3xl bg-cream-100 px-6 py-12 text-center ring-1 ring-stone-200 sm:px-12 md:flex-row md:text-left">
        <svg viewBox="0 0 32 32" width="64" height="64" aria-hidden="true" className="shrink-0">
          <circle cx="16" cy="16" r="16" fill="#15803d" />
          <path
            fill="#fff"
            d="M16 7a9 9 0 0 0-7.8 13.5L7 25l4.6-1.2A9 9 0 1 0 16 7zm0 16.4a7.4 7.4 0 0 1-3.8-1l-.3-.2-2.7.7.7-2.6-.2-.3A7.4 7.4 0 1 1 16 23.4zm4-5.5c-.2-.1-1.3-.7-1.5-.7s-.4-.1-.5.1l-.7.9c-.1.2-.3.2-.5.1a6 6 0 0 1-3-2.6c-.2-.4.2-.4.7-1.3.1-.1 0-.3 0-.4l-.7-1.6c-.2-.4-.4-.4-.5-.4h-.4a.8.8 0 0 0-.6.3 2.5 2.5 0 0 0-.8 1.9 4.4 4.4 0 0 0 .9 2.3 10 10 0 0 0 3.8 3.4c1.4.6 2 .6 2.7.5a2.3 2.3 0 0 0 1.5-1.1 1.9 1.9 0 0 0 .1-1.1c0-.1-.2-.2-.5-.3z"
          />
        </svg>
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
          <HomeIcon name="external" className="size-4" />
        </a>
      </div>
    </section>
  );
}
