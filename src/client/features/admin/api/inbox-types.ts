/** The inbox's answers as the browser reads them (dates arrive as ISO strings). */
export const messageStatuses = ['new', 'read', 'archived'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const applicationStatuses = ['new', 'contacted', 'active', 'declined'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const subscriberStatuses = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

/** The server's limit on an application's notes. */
export const NOTES_MAX = 2000;
/** Rows per list request (the server allows 1 to 100). */
export const INBOX_PAGE_SIZE = 100;

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  status: MessageStatus;
  createdAt: string;
}

export interface MembershipApplication {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  tier: string;
  /** Private: shown to admins only. */
  prayerIntentions: string | null;
  message: string | null;
  status: ApplicationStatus;
  notes: string | null;
  createdAt: string;
  /** The member this application became: pending until the first payment. */
  memberStatus: 'pending' | 'active' | 'lapsed' | 'cancelled' | null;
}

export interface NewsletterSubscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface ContactMessageListing {
  messages: ContactMessage[];
  total: number;
}

export interface MembershipApplicationListing {
  applications: MembershipApplication[];
  total: number;
}

export interface NewsletterSubscriberListing {
  subscribers: NewsletterSubscriber[];
  total: number;
  counts: Record<SubscriberStatus, number>;
}
