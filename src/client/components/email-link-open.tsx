import { PAGE_FORM_FIELD, type PageFormName } from '~/shared/page-forms';
import { Button } from './ui/button';

/**
 * A page an emailed single-use link opens (the names page, 'My giving', the newsletter's
 * confirmation), as the link shows it: only a button, in a plain form that posts the token to
 * the page, with or without JavaScript (ADR 034). Opening the link spends nothing: mail scanners
 * fetch every link in a mail before the person clicks, and the button is what only the person
 * presses.
 */
export function EmailLinkOpen({
  form,
  action,
  token,
  intro,
  button,
  centered = false,
}: {
  form: PageFormName;
  /** The page the form posts to (the bare address: the token travels in the form). */
  action: string;
  token: string;
  intro: string;
  /** What the button says, in the page's voice ("Open my names"). */
  button: string;
  /** On a page whose text is centred (the newsletter's). */
  centered?: boolean;
}) {
  return (
    <form
      method="post"
      action={action}
      aria-label={button}
      className={`mt-8 flex flex-col gap-4 ${centered ? 'items-center' : ''}`}
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value={form} />
      <input type="hidden" name="token" value={token} />
      <p>{intro}</p>
      <Button type="submit" className={centered ? '' : 'self-start'}>
        {button}
      </Button>
    </form>
  );
}
