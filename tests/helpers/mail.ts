import type { MailMessage, Mailer } from '~/server/mail/mailer';

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
