import { Button, EmailLayout, Paragraph, Quoted, textFrame, type MailContext } from './layout';
import type { RenderedMail } from './types';

/** The office's notice of an application: everything typed but the intentions' text. */
export interface MembershipMailData {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  tierId: string;
  message: string | null;
  /** Only the office sees that intentions were given; their text never leaves the database. */
  hasPrayerIntentions: boolean;
  /** The address already has a paid membership: no new member was made. */
  existingMembership?: 'active' | 'lapsed';
}

/**
 * The applicant's confirmation. The address is not proven yet, so nothing typed on the form
 * goes in it (a name there would let anyone mail their words from the office).
 */
export interface MembershipConfirmationData {
  tierId: string;
  /**
   * The applicant's signed checkout of the tier (src/server/features/membership/membership-link.ts).
   * Mails queued before members existed have none: they point at /donate.
   */
  checkoutUrl?: string | null;
  /** The address already has a paid membership: the mail says so, with nothing to pay. */
  existingMembership?: 'active' | 'lapsed';
}

function tierOf(ctx: MailContext, tierId: string) {
  return ctx.site.tiers.find((t) => t.id === tierId) ?? ctx.site.tiers[0]!;
}

const notYou =
  'If you did not apply, you can ignore this email: nothing is charged unless you pay.';

/** The next steps of the /join page, in the applicant's inbox. */
export function membershipConfirmation(
  ctx: MailContext,
  data: MembershipConfirmationData,
): RenderedMail {
  if (data.existingMembership) return alreadyAMember(ctx, data, data.existingMembership);
  const { site, publicUrl } = ctx;
  const tier = tierOf(ctx, data.tierId);
  const payUrl = data.checkoutUrl ?? `${publicUrl}/donate`;
  const steps = [
    `Payment details: your ${tier.name} membership is $${tier.price} a month and begins with your first monthly payment. You can set it up at ${payUrl} (the link works for 30 days), or call the office and we will help you.`,
    'Welcome materials: once your first monthly gift is received, we send your welcome materials.',
    `Prayer schedule: Rabbi ${site.rabbi.shortName} prays at the tziyun every week; your welcome letter gives the schedule and how to send the names you want prayed for.`,
  ];
  return {
    subject: `Welcome to ${site.product}: your ${tier.name} application`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>Shalom,</Paragraph>
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
        <Paragraph>{notYou}</Paragraph>
      </EmailLayout>
    ),
    text: textFrame(ctx, [
      'Shalom,',
      '',
      `Thank you for applying to the ${tier.name} ($${tier.price}/month). Rabbi ${site.rabbi.shortName} and our office will be in touch with you personally.`,
      '',
      'Your next steps:',
      ...steps.map((step, i) => `${i + 1}. ${step}`),
      '',
      site.taxStatement,
      '',
      notYou,
    ]),
  };
}

/**
 * An application from an address that already has a paid membership: the site does not take a
 * second one, and says so only here, in that address's own inbox (the form answers as for anyone).
 */
function alreadyAMember(
  ctx: MailContext,
  data: MembershipConfirmationData,
  existing: 'active' | 'lapsed',
): RenderedMail {
  const { site } = ctx;
  const tier = tierOf(ctx, data.tierId);
  const paragraphs = [
    `We received an application to the ${tier.name} with this email address.`,
    existing === 'active'
      ? 'This address already has an active membership with us, so nothing new was set up and there is nothing more to pay. To change your tier, please contact the office.'
      : 'This address already has a membership whose last monthly payment did not go through, so nothing new was set up and nothing was charged. To update your card, please contact the office.',
    `The office: ${site.contact.email}, ${site.contact.phone}.`,
    'If you did not apply, you can ignore this email: nothing was changed.',
  ];
  return {
    subject: `Your ${tier.name} application | ${site.product}`,
    element: (
      <EmailLayout ctx={ctx}>
        <Paragraph>Shalom,</Paragraph>
        {paragraphs.map((text) => (
          <Paragraph key={text}>{text}</Paragraph>
        ))}
      </EmailLayout>
    ),
    text: textFrame(ctx, ['Shalom,', ...paragraphs.flatMap((text) => ['', text])]),
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
    ...(data.existingMembership
      ? [
          `Membership: this address already has ${data.existingMembership === 'active' ? 'an active membership' : 'a membership whose last payment failed'}; no second one was set up, and the applicant was told so by email.`,
        ]
      : []),
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
