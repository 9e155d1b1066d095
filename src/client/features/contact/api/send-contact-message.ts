import { postJson } from '../../../lib/api';
import type { ContactMessageInput } from '~/shared/schemas/contact';

export function sendContactMessage(input: ContactMessageInput) {
  return postJson<{ message: string }>('/api/contact', input);
}
