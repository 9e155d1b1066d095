import type { Database, DatabaseHandle } from '~/db/client';
import type { FeeSettings } from '~/shared/money';
import { donationFee, type Env } from '~/server/env';
import { AppError } from '~/server/errors';
import type { JobLogger } from '~/server/jobs/types';
import type { Clock } from '~/server/lib/clock';
import type { LinkSigner } from '~/server/lib/signed-link';
import { placeOf, type Place } from '~/server/lib/campaign-times';
import type { SiteConfig } from '~/shared/site-config-schema';
import { cardVaultOf, type CardVault } from './card-vault';
import { notConfiguredMessage, ojcSettings, type OjcSettings } from './ojc-client';

/** What the OJC operations need, passed in rather than reached for. */
export interface OjcContext {
  db: Database;
  settings: OjcSettings;
  /** Null without OJC_CARD_ENCRYPTION_KEY: monthly OJC gifts are then refused. */
  vault: CardVault | null;
  clock: Clock;
  log: JobLogger;
  fee: FeeSettings;
  /** Signs the cancel links of monthly gifts' receipts, under the site's address. */
  linkSigner: LinkSigner;
  publicUrl: string;
  officeEmail: string;
  /** The site's place and time zone: when a campaign pauses for Shabbat and Yom Tov. */
  place: Place;
}

/** The parts of the app the OJC code reads: the routes and the renewal job both build on it. */
export interface OjcHost {
  env: Env;
  database: DatabaseHandle;
  clock: Clock;
  linkSigner: LinkSigner;
  officeEmail: string;
  log: JobLogger;
  siteConfig: Pick<SiteConfig, 'location' | 'timeZone'>;
}

/** The context of a request or job; 503 when OJC is not set up. */
export function ojcContextOf(host: OjcHost, log: JobLogger = host.log): OjcContext {
  const settings = ojcSettings(host.env);
  if (!settings) throw new AppError('unavailable', notConfiguredMessage);
  return {
    db: host.database.db,
    settings,
    vault: cardVaultOf(host.env),
    clock: host.clock,
    log,
    fee: donationFee(host.env),
    linkSigner: host.linkSigner,
    publicUrl: host.env.PUBLIC_URL,
    officeEmail: host.officeEmail,
    place: placeOf(host.siteConfig),
  };
}
