import { is } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '~/db/schema';
import { mediaNamers } from './media-named-by';

/**
 * The backup copies the files that `mediaNamers` reads. Every column that may hold a stored
 * file's name (by its name, or JSON and bytes, where anything can be) is either read there or
 * listed here with the reason it names none: a new photo or file column fails until it is one.
 */
const notMedia: Record<string, string> = {
  'offline_gift_photos.data': "the cheque's photo itself, in the database: the dump carries it",
  'videos.thumbnail_url': 'a link to a picture on another site',
  'videos.file_size': 'a size',
  'gift_import_rows.file_name': "the imported spreadsheet's name as it was uploaded, not kept",
  'gift_import_rows.import_key': 'a row of an imported spreadsheet, imported once',
  'jobs.idempotency_key': 'work done once',
  'donations.ojc_idempotency_key': 'a charge made once',
  'webhook_deliveries.event_key': 'an event delivered once',
  'webhook_deliveries.job_key': 'the job delivering it',
  'admin_login_throttle.key': 'who is being slowed down',
  'rate_limit_hits.key': 'who is being slowed down',
  'admin_passkeys.public_key': "a passkey's public key",
  'admin_passkeys.transports': 'how a passkey is reached',
  'jobs.payload': 'what a mail or a call sends',
  'webhook_deliveries.payload': 'what a webhook sent',
  'admin_audit_log.details': 'what an office action changed',
  'site_content_versions.sections': 'the names of the sections that changed',
  'campaigns.bonus_goals_cents': 'amounts',
  'campaigns.embed_origins': 'other sites allowed to frame the thermometer',
};

const mediaWord =
  /(^|_)(file|photo|image|picture|thumbnail|captions|media|avatar|logo|poster|attachment|upload)s?(_|$)/;

function mayNameMedia(column: PgColumn) {
  return (
    mediaWord.test(column.name) ||
    /(^|_)key$/.test(column.name) ||
    ['jsonb', 'bytea'].includes(column.getSQLType())
  );
}

const nameOf = (column: PgColumn) => `${getTableConfig(column.table).name}.${column.name}`;

const columns = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .flatMap((table) => getTableConfig(table).columns);
const read = mediaNamers.flatMap((namer) => namer.columns.map(nameOf));

describe('what the backup copies', () => {
  it('reads every column that may name a stored file, or knows why it names none', () => {
    const unaccounted = columns
      .filter(mayNameMedia)
      .map(nameOf)
      .filter((name) => !read.includes(name) && !(name in notMedia));
    expect(unaccounted).toEqual([]);
  });

  it('lists as naming nothing only columns that exist and that it does not read', () => {
    const all = columns.map(nameOf);
    expect(
      Object.keys(notMedia).filter((name) => !all.includes(name) || read.includes(name)),
    ).toEqual([]);
  });
});
