import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '~tests/helpers/smtp';
import { createMailer, headerSafe } from './mailer';

const silent = { info: () => undefined };

describe('headerSafe', () => {
  it('removes every kind of line break so no header can be injected', () => {
    expect(headerSafe('Sarah\r\nBcc: victim@example.org')).toBe('Sarah Bcc: victim@example.org');
    expect(headerSafe('a\nb\rc\u2028d')).toBe('a b c d');
  });
});

describe('mailer over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.stop());

  it('delivers both parts, the headers and a safe subject to a real SMTP server', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Tziyun <office@tziyun.test>',
      outboxDir: '/nonexistent',
      logger: silent,
    });
    await mailer.send({
      to: 'donor@example.org',
      subject: 'Hello\r\nBcc: attacker@example.org',
      html: '<p>Hi</p>',
      text: 'Hi',
      replyTo: 'sender@example.org',
      headers: { 'List-Unsubscribe': '<https://tziyun.test/u?token=x>' },
    });
    mailer.close();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toBe('Hello Bcc: attacker@example.org');
    expect(mail.bcc).toBeUndefined();
    expect(mail.text?.trim()).toBe('Hi');
    expect(mail.html).toContain('<p>Hi</p>');
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toBe(
      'List-Unsubscribe: <https://tziyun.test/u?token=x>',
    );
    expect(mail.replyTo?.text).toBe('sender@example.org');
    expect(mail.from?.text).toContain('office@tziyun.test');
  });
});

describe('mailer without SMTP', () => {
  it('writes each message as an .eml file in the outbox and logs its name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tziyun-outbox-'));
    const logged: unknown[] = [];
    try {
      const mailer = createMailer({
        from: 'office@tziyun.test',
        outboxDir: join(dir, 'outbox'),
        logger: { info: (obj: unknown) => logged.push(obj) },
      });
      await mailer.send({ to: 'a@example.org', subject: 'First', html: '<p>1</p>', text: '1' });
      await mailer.send({ to: 'b@example.org', subject: 'Second', html: '<p>2</p>', text: '2' });
      const files = readdirSync(join(dir, 'outbox'));
      expect(files).toHaveLength(2);
      expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
      const contents = files.map((f) => readFileSync(join(dir, 'outbox', f), 'utf8')).join('\n');
      expect(contents).toContain('Subject: First');
      expect(contents).toContain('To: b@example.org');
      expect(logged).toHaveLength(2);
      expect(JSON.stringify(logged)).not.toContain('a@example.org');
      // Sign-in links travel in these: the site's user alone may read them.
      expect(statSync(join(dir, 'outbox')).mode & 0o777).toBe(0o700);
      for (const f of files) expect(statSync(join(dir, 'outbox', f)).mode & 0o777, f).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
