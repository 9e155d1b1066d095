import type { NewsletterSignupInput } from '~/shared/schemas/newsletter';
import { newsletterApi } from '~/shared/api/newsletter';
import { postJson } from '~/client/lib/api';

/** Answers are checked in development and tests only (lib/api.ts). */
const answer = import.meta.env.DEV
  ? () => import('~/shared/schemas/common').then((m) => m.messageResponse)
  : null;

export function subscribeNewsletter(input: NewsletterSignupInput) {
  return postJson(newsletterApi.subscribe, input, answer);
}
