import { postJson } from '../../../lib/api';
import type { NewsletterSignupInput } from '~/shared/schemas/newsletter';

export function subscribeNewsletter(input: NewsletterSignupInput) {
  return postJson<{ message: string }>('/api/newsletter', input);
}
