import { getJson, postJson } from '../../../lib/api';

export interface OjcPaymentRequest {
  /** Whole dollars. */
  amount: number;
  donorName: string;
  donorEmail: string;
  donorPhone: string;
  donationType: 'onetime' | 'subscription';
  dedication: { kind: 'honor' | 'memory'; name: string } | null;
  idempotencyKey: string;
  /** The membership this monthly gift pays for (the /join confirmation's signed token). */
  membership?: string;
  /** The honeypot: people leave it empty. */
  website: string;
}

/** Spec 7: POST /api/ojc/create-payment; the answer names this site's OJC payment page. */
export function createOjcPayment(request: OjcPaymentRequest) {
  return postJson<{
    success: boolean;
    message: string;
    payment: { paymentId: string; paymentUrl: string };
  }>('/api/ojc/create-payment', request);
}

export interface OjcPayment {
  paymentId: string;
  amountCents: number;
  feeCents: number;
  currency: string;
  donationType: 'onetime' | 'subscription';
  donorName: string | null;
  dedication: { kind: 'honor' | 'memory'; name: string } | null;
  status: 'pending' | 'succeeded' | 'failed';
  cardLast4: string | null;
  donatedAt: string | null;
}

export function getOjcPayment(paymentId: string) {
  return getJson<{ payment: OjcPayment }>(`/api/ojc/payments/${encodeURIComponent(paymentId)}`);
}

/** Charges the OJC card: the number goes to this server, which passes it to OJC Fund only. */
export function chargeOjcPayment(paymentId: string, card: { cardNumber: string; expiry: string }) {
  return postJson<{ success: boolean; payment: OjcPayment }>(
    `/api/ojc/payments/${encodeURIComponent(paymentId)}/charge`,
    card,
  );
}
