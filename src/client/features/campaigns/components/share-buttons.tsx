import { useId, useRef, useState, useSyncExternalStore } from 'react';
import { shareLinks } from '~/shared/campaign-share';
import { Button, buttonClass } from '~/client/components/ui/button';

export interface ShareButtonsProps {
  title: string;
  /** The message sent before the link. */
  text: string;
  /** The page's full address: the campaign's, or a team's (which credits the team). */
  pageUrl: string;
  /** The section's heading. */
  heading?: string;
}

const linkClass = buttonClass('secondary', 'px-4 text-base');

const subscribeNever = () => () => {};
/** What the browser offers beyond the links: the phone's share sheet, or copying only. */
const browserSharing = () => (typeof navigator.share === 'function' ? 'sheet' : 'copy');

/**
 * WhatsApp, a text message and email as plain links, and the page's address in a field to copy
 * by hand: all work without JavaScript. With it, a Copy link button (announced once copied), and
 * on a phone that has it, the phone's own share sheet.
 */
export function ShareButtons({
  title,
  text,
  pageUrl,
  heading = 'Share this campaign',
}: ShareButtonsProps) {
  const headingId = useId();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const links = shareLinks(text, pageUrl, title);
  // Known only in the browser: null on the server and while hydrating (so the server's HTML and
  // the first render in the browser agree), then whether the phone has a share sheet.
  const enhanced = useSyncExternalStore(subscribeNever, browserSharing, () => null);
  const [said, setSaid] = useState('');

  async function copy() {
    try {
      await navigator.clipboard.writeText(pageUrl);
      setSaid('Link copied.');
    } catch {
      field.current?.select();
      setSaid(
        'The link could not be copied for you: it is selected, copy it with your keyboard or menu.',
      );
    }
  }

  async function share() {
    try {
      await navigator.share({ title, text, url: pageUrl });
    } catch {
      // Closed without sharing, or refused: the links below remain.
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-5 ring-1 ring-stone-300">
      <h2 id={headingId} className="font-display text-xl font-semibold text-navy-950">
        {heading}
      </h2>
      {enhanced === 'sheet' ? (
        <Button variant="primary" className="mt-3 w-full" onClick={share}>
          Share…
        </Button>
      ) : null}
      <ul className="mt-3 flex flex-wrap gap-2">
        <li>
          <a className={linkClass} href={links.whatsapp} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        </li>
        <li>
          <a className={linkClass} href={links.sms}>
            Text message
          </a>
        </li>
        <li>
          <a className={linkClass} href={links.email}>
            Email
          </a>
        </li>
      </ul>
      <label htmlFor={fieldId} className="mt-4 block text-sm font-semibold text-stone-800">
        Link to this page
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={field}
          id={fieldId}
          readOnly
          value={pageUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-md border border-stone-400 bg-stone-50 px-3 py-2 text-stone-900"
        />
        {enhanced ? (
          <Button variant="outline" className="px-4 text-navy-950" onClick={copy}>
            Copy link
          </Button>
        ) : null}
      </div>
      <p role="status" className="mt-2 min-h-6 text-sm text-stone-800">
        {said}
      </p>
    </section>
  );
}
