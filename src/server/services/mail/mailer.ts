import { mkdirSync, writeFileSync } from 'node:fs';
import { privateDirMode, privateFileMode } from '~/db/private-files';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where .eml files go when no SMTP server is configured. */
  outboxDir: string;
  logger: Pick<FastifyBaseLogger, 'info'>;
}

/** No header may carry a line break: that is how header injection works. */
export function headerSafe(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

/**
 * Real SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * DATA_DIR/outbox and a log line names it, so a newcomer can read every mail the site sent.
 */
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerOptions): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: headerSafe(message.to),
        replyTo: message.replyTo ? headerSafe(message.replyTo) : undefined,
        subject: headerSafe(message.subject),
        html: message.html,
        text: message.text,
        headers: Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([k, v]) => [k, headerSafe(v)]),
        ),
      });
      if (!smtpUrl) {
        // Sign-in and manage links travel in these: the site's user alone reads them.
        mkdirSync(outboxDir, { recursive: true, mode: privateDirMode });
        const file = join(
          outboxDir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
        );
        writeFileSync(file, (info as unknown as { message: Buffer }).message, {
          mode: privateFileMode,
        });
        logger.info({ file }, 'mail written to the dev outbox (no SMTP_URL set)');
      }
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
