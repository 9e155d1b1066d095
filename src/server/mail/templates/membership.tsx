import { Button, EmailLayout, Paragraph, Quoted, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

export interface MembershipMailData {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  tierId: string;
  message: string | null;
  /** Only the office sees that intentions were given; their text never leaves the database. */
  hasPrayerIntentions: boolean;
  /**
   * The applicant's signed checkout of the tier (src/server/features/members/membership-link.ts).
   * Mails queued before members existed have none: they point at /donate.
   */
  checkoutUrl?: string | null;
}

function tierOf(ctx: MailContext, tierId: string) {
  return ctx.site.tiers.find((t) => t.id === tierId) ?? ctx.site.tiers[0]!;
}

/** The next steps of the /join page, in the applicant's inbox. */
export function membershipConfirmation(ctx: MailContext, data: MembershipMailData): RenderedMail {
  const { site, publicUrl } = ctx;
  const tier = tierOf(ctx, data.tierId);
  const payUrl = data.checkoutUrl ?? `${publicUrl}/donate`;
  const steps = [
    `Payment details: your ${tier.name} membership is $${tier.price} a month. You can set up your monthly gift at ${payUrl}, or call the office and we will help you.`,
    'Welcome materials: once your first monthly gift is received, we send your welcome materials.',
    `Prayer schedule: Rabbi ${site.rabbi.shortName} prays at the tziyun every week; your welcome letter gives the schedule and how to send the names you want prayed for.`,
  ];
  return {
    subject: `Welcome to ${site.product}: your ${tier.name} application`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>Dear {data.firstName},</Paragraph>
        <Paragraph>
          Thank you for applying to the <strong>{tier.name}</strong> (${tier.price}/month). Rabbi{' '}
          {site.rabbi.shortName} and our office will be in touch with you personally.
        </Paragraph>
        <Paragraph>Your next steps:</Paragraph>
        <ol style={{ margin: '0 0 16px', paddingLeft: 20 }}>
          {steps.map((step) => (
            <li key={step} style={{ marginBottom: 8 }}>
              {step}
            </li>
          ))}
        </ol>
        <Button href={payUrl}>Set up your monthly gift</Button>
        <Paragraph>{site.taxStatement}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      `Dear ${data.firstName},`,
      '',
      `Thank you for applying to the ${tier.name} ($${tier.price}/month). Rabbi ${site.rabbi.shortName} and our office will be in touch with you personally.`,
      '',
      'Your next steps:',
      ...steps.map((step, i) => `${i + 1}. ${step}`),
      '',
      site.taxStatement,
    ]),
  };
}

export function membershipNotification(ctx: MailContext, data: MembershipMailData): RenderedMail {
  const tier = tierOf(ctx, data.tierId);
  const name = `${data.firstName} ${data.lastName}`;
  const lines = [
    `Name: ${name}`,
    `Email: ${data.email}`,
    `Phone: ${data.phone ?? 'not given'}`,
    `Tier: ${tier.name} ($${tier.price}/month)`,
    `Prayer intentions: ${data.hasPrayerIntentions ? 'given (see the admin area)' : 'none'}`,
  ];
  return {
    subject: `New ${tier.name} application from ${name}`,
    replyTo: data.email,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>A new membership application arrived.</Paragraph>
        {lines.map((line) => (
          <p key={line} style={{ margin: '0 0 4px' }}>
            {line}
          </p>
        ))}
        {data.message ? <Quoted text={data.message} /> : null}
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      'A new membership application arrived.',
      '',
      ...lines,
      ...(data.message ? ['', data.message] : []),
    ]),
  };
}
