import * as z from 'zod/mini';
import { boundedText, emailField, honeypot, lineText } from './common';

export const contactLimits = { nameMin: 2, nameMax: 100, messageMin: 10, messageMax: 5000 };

export const contactMessageInput = z.object({
  name: lineText(
    'Name',
    contactLimits.nameMax,
    contactLimits.nameMin,
    'Name must be at least 2 characters',
  ),
  email: emailField(),
  message: boundedText(
    'Message',
    contactLimits.messageMax,
    contactLimits.messageMin,
    'Message must be at least 10 characters',
  ),
  ...honeypot,
});

export type ContactMessageInput = z.input<typeof contactMessageInput>;
