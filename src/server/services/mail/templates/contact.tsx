import { EmailLayout, Paragraph, Quoted, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface ContactMailData {
  name: string;
  email: string;
  message: string;
}

export function contactNotification(ctx: MailContext, data: ContactMailData): RenderedMail {
  return {
    subject: `New message from ${data.name}`,
    replyTo: data.email,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>A new message arrived through the contact form.</Paragraph>
        <Paragraph>
          From: {data.name} &lt;{data.email}&gt;
        </Paragraph>
        <Quoted text={data.message} />
        <Paragraph>Reply to this email to answer {data.name} directly.</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      'A new message arrived through the contact form.',
      '',
      `From: ${data.name} <${data.email}>`,
      '',
      data.message,
      '',
      `Reply to this email to answer ${data.name} directly.`,
    ]),
  };
}

/**
 * Nothing of what the visitor typed: the address is not verified, so the site must not mail a
 * stranger's words (or a name) from the office's address to whoever they name.
 */
export type ContactAcknowledgementData = Record<string, never>;

export function contactAcknowledgement(ctx: MailContext): RenderedMail {
  const { site } = ctx;
  const thanks =
    'Thank you for writing to us. The office has received your message and will answer you personally, usually within two business days.';
  return {
    subject: `We received your message | ${site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>Shalom,</Paragraph>
        <Paragraph>{thanks}</Paragraph>
        <Paragraph>
          If you did not write to us, you can ignore this email: nothing else will be sent.
        </Paragraph>
        <Paragraph>
          With blessings,
          <br />
          The {site.product} office
        </Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      'Shalom,',
      '',
      thanks,
      '',
      'If you did not write to us, you can ignore this email: nothing else will be sent.',
      '',
      'With blessings,',
      `The ${site.product} office`,
    ]),
  };
}
