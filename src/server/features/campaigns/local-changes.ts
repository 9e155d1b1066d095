/** The channel a campaign's change is announced on: its payload is `<campaign id>:<version>`. */
export const CAMPAIGN_CHANNEL = 'campaign_changes';

/** How long a change this process made may go unheard before it is taken as rolled back. */
const UNHEARD_FOR_MS = 30_000;

/**
 * The campaign versions this process wrote, as of their transactions (not yet committed, maybe
 * never). On PostgreSQL the writer can hear its COMMIT before the listening connection's
 * notification is read, so a read right after a gift, on the instance that recorded it, asks
 * here: a kept snapshot older than a version written here is built again (and kept as stale
 * until the build sees that version, or the note expires: a rollback is never heard of).
 */
const written = new Map<string, { version: number; at: number }>();

export function noteLocalChange(campaignId: string, version: number) {
  const noted = written.get(campaignId);
  if (!noted || noted.version < version) written.set(campaignId, { version, at: Date.now() });
}

/** The latest version of the campaign written by this process and not yet seen in a build. */
export function unseenLocalChange(campaignId: string, builtVersion: number): number | undefined {
  const noted = written.get(campaignId);
  if (!noted) return undefined;
  if (noted.version <= builtVersion || Date.now() - noted.at > UNHEARD_FOR_MS) {
    written.delete(campaignId);
    return undefined;
  }
  return noted.version;
}

/** `<campaign id>:<version>` from a notification's payload. */
export function parseCampaignChange(payload: string) {
  const [campaignId, version] = payload.split(':');
  const n = Number(version);
  return campaignId && Number.isInteger(n) ? { campaignId, version: n } : null;
}
