import { newsletterApi } from '~/shared/api/newsletter';
import { urlOf } from '~/shared/route';
import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface NewsletterMailData {
  confirmToken: string;
  unsubscribeToken: string;
}

/** The page a person opens from the mail: it asks before unsubscribing (scanners follow links). */
export function unsubscribeUrl(ctx: MailContext, token: string): string {
  return `${ctx.publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** Where a mail client's one-click unsubscribe POSTs (RFC 8058). */
export function oneClickUnsubscribeUrl(ctx: MailContext, token: string): string {
  return `${ctx.publicUrl}${urlOf(newsletterApi.unsubscribe, { query: { token } })}`;
}

/**
 * Headers every newsletter mail carries (RFC 2369 and RFC 8058): mail clients show an
 * unsubscribe button that POSTs to the link, with no page to visit.
 */
export function listUnsubscribeHeaders(ctx: MailContext, token: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${oneClickUnsubscribeUrl(ctx, token)}>, <mailto:${ctx.site.contact.email}?subject=unsubscribe>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export function newsletterConfirmation(ctx: MailContext, data: NewsletterMailData): RenderedMail {
  const { site, publicUrl } = ctx;
  // The page's button confirms, not the link: mail scanners fetch links before the person does.
  const confirmUrl = `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(data.confirmToken)}`;
  const unsubscribe = unsubscribeUrl(ctx, data.unsubscribeToken);
  return {
    subject: `Please confirm your subscription to ${site.product}`,
    headers: listUnsubscribeHeaders(ctx, data.unsubscribeToken),
    element: (
      <EmailLayout
        ctx={ctx}
        footer={
          <p style={{ fontSize: 13, color: '#57534e' }}>
            Did not ask for this? Ignore this email, or{' '}
            <a href={unsubscribe} style={{ color: '#57534e' }}>
              unsubscribe
            </a>
            .
          </p>
        }
      >
        <Paragraph>
          Thank you for asking to receive weekly inspiration from {site.product}: stories of
          miracles and words of Torah.
        </Paragraph>
        <Paragraph>Please confirm your address so we know it is really you:</Paragraph>
        <Button href={confirmUrl}>Confirm my subscription</Button>
        <Paragraph>Or open this link: {confirmUrl}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(
      ctx,
      [
        `Thank you for asking to receive weekly inspiration from ${site.product}: stories of miracles and words of Torah.`,
        '',
        'Please confirm your address so we know it is really you:',
        confirmUrl,
      ],
      ['', `Did not ask for this? Ignore this email, or unsubscribe: ${unsubscribe}`],
    ),
  };
}
