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

export function contactAcknowledgement(ctx: MailContext, data: ContactMailData): RenderedMail {
  const { site } = ctx;
  return {
    subject: `We received your message | ${site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>Dear {data.name},</Paragraph>
        <Paragraph>
          Thank you for writing to us. The office has received your message and will answer you
          personally, usually within two business days.
        </Paragraph>
        <Paragraph>For your records, this is what you wrote:</Paragraph>
        <Quoted text={data.message} />
        <Paragraph>
          With blessings,
          <br />
          The {site.product} office
        </Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      `Dear ${data.name},`,
      '',
      'Thank you for writing to us. The office has received your message and will answer you personally, usually within two business days.',
      '',
      'For your records, this is what you wrote:',
      '',
      data.message,
      '',
      'With blessings,',
      `The ${site.product} office`,
    ]),
  };
}
