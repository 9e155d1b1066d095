import { expect } from 'vitest';
import type { MailMessage, Mailer } from '~/server/services/mail/mailer';

/** A mailer that keeps what it is given; `failNext(n)` makes the next n sends throw. */
export function createMemoryMailer() {
  const sent: MailMessage[] = [];
  let failures = 0;
  const mailer: Mailer & { sent: MailMessage[]; failNext(n: number): void } = {
    sent,
    failNext(n) {
      failures = n;
    },
    async send(message) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMTP unavailable (test)');
      }
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
    close() {},
  };
  return mailer;
}

/** Expects each part of the mail, its HTML and its plain text, to say every one of `texts`. */
export function expectBothPartsToSay(
  mail: { html?: string; text?: string },
  texts: readonly string[],
) {
  for (const part of [mail.html, mail.text]) {
    for (const text of texts) expect(part).toContain(text);
  }
}
