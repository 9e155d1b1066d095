/**
 * Membership: the /join form's applications, which make pending members, and a member's
 * lifecycle, driven by the payments that pay for it: the checkout link from an application, the
 * subscription or OJC gift linked to it, paid, overdue, ended, a change of tier.
 */
export {
  linkOjcGift,
  linkOjcPayment,
  linkStripeSubscription,
  recordMembershipAmount,
  recordMembershipEnded,
  recordMembershipNeverPaid,
  recordMembershipOverdue,
  recordMembershipPaid,
  type PayingSubscription,
} from './member-lifecycle';
export {
  membershipCheckoutUrl,
  membershipLinkState,
  membershipToken,
  memberToPayFor,
  refuseOneTimeMembership,
  refuseSecondMembership,
} from './membership-link';
export { membershipRoutes } from './routes';
