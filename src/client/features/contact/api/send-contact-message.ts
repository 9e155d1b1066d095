import type { ContactMessageInput } from '~/shared/schemas/contact';
import { contactApi } from '~/shared/api/contact';
import { postJson } from '~/client/lib/api';

/** Answers are checked in development and tests only (lib/api.ts). */
const answer = import.meta.env.DEV
  ? () => import('~/shared/schemas/common').then((m) => m.messageResponse)
  : null;

export function sendContactMessage(input: ContactMessageInput) {
  return postJson(contactApi.send, input, answer);
}
