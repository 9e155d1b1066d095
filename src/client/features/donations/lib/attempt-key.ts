/**
 * The idempotency key of a payment setup: the same while the donor resubmits the same gift (a
 * double click, a retry after a declined card), so the server and Stripe set it up once; a new
 * one as soon as the gift changes (amount, fee, donor), since Stripe refuses a key reused with
 * other parameters.
 */
export function createAttemptKeys(randomKey: () => string = () => crypto.randomUUID()) {
  let last: { fingerprint: string; key: string } | null = null;
  return (payload: unknown): string => {
    const fingerprint = JSON.stringify(payload);
    if (last?.fingerprint !== fingerprint) last = { fingerprint, key: randomKey() };
    return last.key;
  };
}
