import { urlOf } from '~/shared/route';
import { campaignsApi } from '~/shared/api/campaigns';
import type { CampaignView } from '~/client/features/campaigns/lib/campaign-view';

/** EventSource.CONNECTING: a stream the browser is opening again by itself. */
const CONNECTING = 0;

/** How often the snapshot is asked for while the event stream is closed. */
export const POLL_MS = 15_000;

export interface CampaignFeedOptions {
  slug: string;
  initial: CampaignView;
  onChange: (view: CampaignView) => void;
  pollMs?: number;
  /** The browser's by default; absent in old browsers and some proxies' users: then it polls. */
  eventSource?: typeof EventSource | undefined;
  /** The server answered: the stream opened or sent, or a poll came back (a 304 too). */
  onContact?: () => void;
  /** The stream failed or a poll did: the figures shown may be getting old. */
  onFailure?: () => void;
}

/** A snapshot of this campaign, or null for anything else (a proxy's page, a broken message). */
function snapshotOf(data: unknown, slug: string): CampaignView | null {
  if (typeof data !== 'object' || data === null) return null;
  const view = data as Partial<CampaignView>;
  return typeof view.version === 'number' && view.slug === slug ? (view as CampaignView) : null;
}

/**
 * The campaign's figures as they change: the server's event stream (each message the whole
 * snapshot), and while it is closed or missing, the snapshot every 15 s with its ETag (an
 * unchanged one costs a 304). After each poll it tries the stream again and stops polling once the
 * stream is open. Only a newer version is taken, so a late answer never moves the page back.
 */
export class CampaignFeed {
  private current: CampaignView;
  private etag: string | null = null;
  private source: EventSource | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(private readonly options: CampaignFeedOptions) {
    this.current = options.initial;
  }

  private get path() {
    return urlOf(campaignsApi.snapshot, { params: { slug: this.options.slug } });
  }

  start() {
    if (!this.openStream()) this.schedulePoll();
  }

  stop() {
    this.stopped = true;
    this.source?.close();
    this.source = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private accept(data: unknown) {
    const next = snapshotOf(data, this.options.slug);
    if (this.stopped || !next || next.version < this.current.version) return;
    // The same version is taken only for a new state in time (a start, an end, a pause): the
    // server pushes those without a gift.
    if (next.version === this.current.version && next.state === this.current.state) return;
    this.current = next;
    this.options.onChange(next);
  }

  private openStream(): boolean {
    const Source =
      'eventSource' in this.options ? this.options.eventSource : globalThis.EventSource;
    if (!Source || this.stopped) return false;
    const source = new Source(urlOf(campaignsApi.events, { params: { slug: this.options.slug } }));
    this.source = source;
    source.onopen = () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.options.onContact?.();
    };
    source.onmessage = (event: MessageEvent<string>) => {
      this.options.onContact?.();
      try {
        this.accept(JSON.parse(event.data));
      } catch {
        // A broken message is skipped: the next one carries the whole snapshot again.
      }
    };
    source.onerror = () => {
      this.options.onFailure?.();
      // Lost, not refused: the browser connects again by itself (after the server's `retry:`,
      // with the last event's id); polling covers the gap and stops once it is open again.
      if (source.readyState === CONNECTING) return this.schedulePoll();
      source.close();
      if (this.source === source) this.source = null;
      this.schedulePoll();
    };
    return true;
  }

  private schedulePoll() {
    if (this.stopped || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.poll();
    }, this.options.pollMs ?? POLL_MS);
  }

  private async poll() {
    try {
      const response = await fetch(this.path, {
        headers: this.etag ? { 'If-None-Match': this.etag } : {},
        // A network that swallows requests (a hall's Wi-Fi without internet) would hold a poll,
        // and with it the next one, for minutes.
        signal: AbortSignal.timeout(this.options.pollMs ?? POLL_MS),
      });
      if (response.ok) {
        this.etag = response.headers.get('etag') ?? this.etag;
        this.accept(await response.json());
      }
      if (response.ok || response.status === 304) this.options.onContact?.();
      else this.options.onFailure?.();
    } catch {
      // Offline for a moment: the next poll tries again.
      if (!this.stopped) this.options.onFailure?.();
    }
    if (this.stopped) return;
    this.schedulePoll();
    if (!this.source) this.openStream();
  }
}
