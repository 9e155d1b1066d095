import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { APP_SECRET_FILE, deriveAppKey } from '~/server/auth/secret-box';
import { createLinkSigner, type SignedLinks } from '~/server/lib/signed-link';
import { serverDataDir } from './mail';

/**
 * The e2e server's own link signer, from its secret (APP_SECRET, or DATA_DIR/app-secret as the
 * server keeps it): for a mail the server holds back on the machine's real clock (a team
 * leader's mails wait out the night, Shabbat and Yom Tov), a browser test makes the very link
 * that mail will carry, with the server's code (as a path: the browser's base URL is the
 * server's). The API tests read the mail itself.
 */
export async function serverLinks(): Promise<SignedLinks> {
  const secret =
    process.env.APP_SECRET ||
    (await readFile(join(await serverDataDir(), APP_SECRET_FILE), 'utf8')).trim();
  return {
    linkSigner: createLinkSigner(deriveAppKey(secret, 'link-signing')),
    publicUrl: '',
  };
}
