import { Button, EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface WebhookDisabledData {
  url: string;
  /** Why, in words for the office. */
  reason: string;
  disabledAt: string;
}

/** To the office: the site stopped posting events to the Zapier webhook, and how to resume. */
export function webhookDisabled(ctx: MailContext, data: WebhookDisabledData): RenderedMail {
  const tabUrl = `${ctx.publicUrl}/admin`;
  const lines = [
    `The site has stopped sending events to the Zapier webhook ${data.url}.`,
    data.reason,
    'Events that happen meanwhile are kept in the delivery log. Once the Zap works again, save its URL in the Zapier Integration tab to turn deliveries back on, then resend the failed deliveries.',
  ];
  return {
    subject: 'Zapier deliveries have stopped',
    element: (
      <EmailLayout ctx={ctx}>
        {lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <Button href={tabUrl}>Open the admin dashboard</Button>
      </EmailLayout>
    ),
    text: textFrame(ctx, [...lines.flatMap((line) => [line, '']), tabUrl]),
  };
}
