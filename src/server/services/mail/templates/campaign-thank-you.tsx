import { EmailLayout, Paragraph, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface CampaignThankYouData {
  /** The donor's name on their latest gift; null when none was given. */
  name: string | null;
  campaignTitle: string;
  /** The office's words, as typed: paragraphs split at blank lines. */
  message: string;
}

/**
 * The office's thank-you after a campaign, one to each donor address: a fixed subject, the
 * office's message, and fixed closing lines (where the receipt is, why this mail came).
 */
export function campaignThankYou(ctx: MailContext, data: CampaignThankYouData): RenderedMail {
  const { site } = ctx;
  const greeting = data.name ? `Dear ${data.name},` : 'Dear friend,';
  const paragraphs = data.message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const footer = `You receive this once because you gave to ${data.campaignTitle}. The receipt of your gift was mailed when it was received, and it is on your year-end statement.`;
  const signature = `With thanks, ${site.legalName}`;
  return {
    subject: `Thank you for giving to ${data.campaignTitle}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>{greeting}</Paragraph>
        {paragraphs.map((p, i) => (
          <Paragraph key={i}>
            {p.split('\n').map((line, j) => (
              <span key={j}>
                {j > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </Paragraph>
        ))}
        <Paragraph>{footer}</Paragraph>
        <Paragraph>{signature}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      greeting,
      '',
      ...paragraphs.flatMap((p) => [p, '']),
      footer,
      '',
      signature,
    ]),
  };
}
