import { z } from 'zod';
import { exponentialBackoff } from '~/server/jobs/backoff';
import { enqueueJob, enqueueJobs } from '~/server/jobs/enqueue-job';
import type { JobHandler } from '~/server/jobs/types';
import type { DatabaseExecutor } from '~/db/client';
import type { Mailer } from './mailer';
import type { MailContext } from './templates/layout';
import { isMailTemplate, renderMail, type MailTemplateName, type MailTemplates } from './templates';

export const MAIL_JOB_KIND = 'mail.send';

const payloadSchema = z.object({
  template: z.string().refine(isMailTemplate, 'unknown mail template'),
  to: z.email(),
  data: z.record(z.string(), z.unknown()),
});

/**
 * Queues a mail in the caller's transaction. The key names the mail (e.g.
 * `contact:<id>:office`) so it is sent once however often the enqueue is retried.
 */
export function enqueueMail<K extends MailTemplateName>(
  db: DatabaseExecutor,
  mail: { key: string; to: string; template: K; data: MailTemplates[K] },
) {
  return enqueueJob(db, mailJob(mail));
}

/** A mail to queue: its template and that template's data. */
export type QueuedMail = {
  [K in MailTemplateName]: { key: string; to: string; template: K; data: MailTemplates[K] };
}[MailTemplateName];

/**
 * Several mails in one statement: a mail to each giver, or a message's notification and its
 * acknowledgement (one insert instead of one per mail).
 */
export function enqueueMails(db: DatabaseExecutor, mails: QueuedMail[]) {
  return enqueueJobs(db, mails.map(mailJob));
}

function mailJob(mail: { key: string; to: string; template: string; data: unknown }) {
  return {
    kind: MAIL_JOB_KIND,
    key: `mail:${mail.key}`,
    payload: { template: mail.template, to: mail.to, data: mail.data },
  };
}

/**
 * Renders at send time from the stored data, so a template fix applies to mail still queued.
 * SMTP gives no idempotency: a crash between the server's 250 and marking the job done sends
 * the mail again, which is the accepted cost of never losing one.
 */
export function mailJobHandler(
  mailer: Mailer,
  context: MailContext | (() => Promise<MailContext>),
): JobHandler {
  return {
    // An SMTP outage of hours must not kill mail: 30 s doubling, capped at 2 h, 16 tries is 8 to
    // 16 hours of retrying (the default 10 s to 1 h with 10 tries gave up after 45 to 85 minutes).
    maxAttempts: 16,
    backoff: exponentialBackoff({ baseMs: 30_000, capMs: 2 * 60 * 60_000 }),
    async run(payload) {
      const job = payloadSchema.parse(payload);
      // The site as published when the mail goes (the office's contacts and dates, ADR 033).
      const ctx = typeof context === 'function' ? await context() : context;
      const rendered = renderMail(ctx, job.template as MailTemplateName, job.data as never);
      await mailer.send({ to: job.to, ...rendered });
    },
  };
}
