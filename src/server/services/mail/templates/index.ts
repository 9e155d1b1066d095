import { renderToStaticMarkup } from 'react-dom/server';
import { ambassadorGift, type AmbassadorGiftData } from './ambassador-gift';
import { ambassadorWelcome, type AmbassadorWelcomeData } from './ambassador-welcome';
import { campaignThankYou, type CampaignThankYouData } from './campaign-thank-you';
import {
  contactAcknowledgement,
  contactNotification,
  type ContactAcknowledgementData,
  type ContactMailData,
} from './contact';
import {
  donationPaymentFailed,
  donationReceipt,
  type DonationPaymentFailedData,
  type DonationReceiptData,
} from './donation';
import {
  donationRenewalFailedOffice,
  type DonationRenewalFailedOfficeData,
} from './donation-office';
import type { MailContext } from './layout';
import {
  ojcChargeOffice,
  ojcGiftDeclined,
  type OjcChargeOfficeData,
  type OjcGiftDeclinedData,
} from './ojc';
import {
  membershipConfirmation,
  membershipNotification,
  type MembershipConfirmationData,
  type MembershipMailData,
} from './membership';
import { memberWelcome, type MemberWelcomeData } from './member-welcome';
import { pledgeReminder, type PledgeReminderData } from './pledge';
import {
  prayerNamesLink,
  prayerNamesRead,
  prayerNamesReminder,
  type PrayerNamesLinkData,
  type PrayerNamesReadData,
  type PrayerNamesReminderData,
} from './prayer-names';
import { givingLink, type GivingLinkData } from './my-giving';
import { receiptVoid, type ReceiptVoidData } from './receipt-void';
import { yearEndStatement, type YearEndStatementData } from './year-end-statement';
import { newsletterConfirmation, type NewsletterMailData } from './newsletter';
import type { RenderedMail } from './types';
import { videoCommentNotification, type VideoCommentMailData } from './video-comment';
import { webhookDisabled, type WebhookDisabledData } from './webhook';

/** Every mail the site sends, by name: what a mail job's payload refers to. */
export interface MailTemplates {
  'contact-notification': ContactMailData;
  'contact-acknowledgement': ContactAcknowledgementData;
  'membership-confirmation': MembershipConfirmationData;
  'membership-notification': MembershipMailData;
  'member-welcome': MemberWelcomeData;
  'prayer-names-link': PrayerNamesLinkData;
  'prayer-names-reminder': PrayerNamesReminderData;
  'prayer-names-read': PrayerNamesReadData;
  'giving-link': GivingLinkData;
  'year-end-statement': YearEndStatementData;
  'newsletter-confirmation': NewsletterMailData;
  'donation-receipt': DonationReceiptData;
  'receipt-void': ReceiptVoidData;
  'donation-payment-failed': DonationPaymentFailedData;
  'donation-renewal-failed-office': DonationRenewalFailedOfficeData;
  'ojc-gift-declined': OjcGiftDeclinedData;
  'ojc-charge-office': OjcChargeOfficeData;
  'video-comment-notification': VideoCommentMailData;
  'webhook-disabled': WebhookDisabledData;
  'pledge-reminder': PledgeReminderData;
  'campaign-thank-you': CampaignThankYouData;
  'ambassador-gift': AmbassadorGiftData;
  'ambassador-welcome': AmbassadorWelcomeData;
}
export type MailTemplateName = keyof MailTemplates;

const templates: {
  [K in MailTemplateName]: (ctx: MailContext, data: MailTemplates[K]) => RenderedMail;
} = {
  'contact-notification': contactNotification,
  'contact-acknowledgement': contactAcknowledgement,
  'membership-confirmation': membershipConfirmation,
  'membership-notification': membershipNotification,
  'member-welcome': memberWelcome,
  'prayer-names-link': prayerNamesLink,
  'prayer-names-reminder': prayerNamesReminder,
  'prayer-names-read': prayerNamesRead,
  'giving-link': givingLink,
  'year-end-statement': yearEndStatement,
  'newsletter-confirmation': newsletterConfirmation,
  'donation-receipt': donationReceipt,
  'receipt-void': receiptVoid,
  'donation-payment-failed': donationPaymentFailed,
  'donation-renewal-failed-office': donationRenewalFailedOffice,
  'ojc-gift-declined': ojcGiftDeclined,
  'ojc-charge-office': ojcChargeOffice,
  'video-comment-notification': videoCommentNotification,
  'webhook-disabled': webhookDisabled,
  'pledge-reminder': pledgeReminder,
  'campaign-thank-you': campaignThankYou,
  'ambassador-gift': ambassadorGift,
  'ambassador-welcome': ambassadorWelcome,
};

export function isMailTemplate(name: string): name is MailTemplateName {
  return Object.hasOwn(templates, name);
}

export function renderMail<K extends MailTemplateName>(
  ctx: MailContext,
  name: K,
  data: MailTemplates[K],
) {
  const mail = templates[name](ctx, data);
  return {
    subject: mail.subject,
    html: `<!doctype html>${renderToStaticMarkup(mail.element)}`,
    text: mail.text,
    replyTo: mail.replyTo,
    headers: mail.headers,
  };
}
