/**
 * The outbox jobs an announcement queues. The integrations feature runs them
 * (src/server/features/integrations); announcing needs only their names.
 */
export const GHL_SYNC_JOB_KIND = 'ghl.sync';
export const ZAPIER_DELIVERY_JOB_KIND = 'zapier.deliver';
