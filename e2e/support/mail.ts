import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

const serverInfo = join(
  import.meta.dirname,
  '..',
  '..',
  '.tmp',
  `e2e-server-${process.env.E2E_PORT ?? 3210}.json`,
);

/** Where the e2e server keeps its data (scripts/e2e-server.mjs writes it down). */
export async function serverDataDir(): Promise<string> {
  return (JSON.parse(await readFile(serverInfo, 'utf8')) as { dataDir: string }).dataDir;
}

/**
 * The mail the e2e server wrote to its outbox (no SMTP there: every mail is an .eml file under
 * DATA_DIR/outbox, scripts/e2e-server.mjs says where), to `to`, whose subject matches: waits
 * for the background worker to send it.
 */
export async function mailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  const outbox = join(await serverDataDir(), 'outbox');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        for (const file of files.filter((f) => f.endsWith('.eml'))) {
          const mail = await simpleParser(await readFile(join(outbox, file)));
          const recipients = [mail.to].flat().flatMap((a) => a?.value ?? []);
          if (recipients.some((a) => a.address === to) && subject.test(mail.subject ?? '')) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text part whose path starts with `path`. */
export function linkIn(mail: ParsedMail, path: string): string {
  const link = (mail.text ?? '').match(
    new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`),
  );
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`);
  return link[0];
}

/**
 * Follows an emailed single-use link as its person does (ADR 034): the link's page shows only
 * the button that opens it (what a mail scanner fetches spends nothing), and the button opens it.
 */
export async function openWithButton(page: Page, link: URL, button: string) {
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: button }).click();
}

/**
 * An emailed single-use link already spent: opened in another browser (its button pressed), it
 * is refused in words.
 */
export async function expectLinkSpent(page: Page, link: URL, button: string) {
  const other = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const elsewhere = await other.newPage();
  await openWithButton(elsewhere, link, button);
  await expect(elsewhere.getByRole('alert')).toHaveText(
    'This link was already used. Ask for a new one below.',
  );
  await other.close();
}
