import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { campaignTimes, type Place } from '~/server/lib/campaign-times';
import type { CampaignRow } from '~/db/schema';
import type { KeptSnapshot, SnapshotStore } from './snapshot-store';

export interface LiveFeedOptions {
  /** Open streams this instance holds at most; beyond it a page polls the snapshot instead. */
  maxStreams: number;
  /** At most one rebuild per campaign per this many ms, however many gifts arrive meanwhile. */
  coalesceMs?: number;
  /** A comment this often keeps proxies from closing a quiet stream. */
  heartbeatMs?: number;
  /** The browser's wait before it connects again after a lost stream (`retry:`). */
  retryMs?: number;
  /** A reader with this much unsent is too slow: its stream is closed instead of buffering more. */
  maxBufferedBytes?: number;
  /** Where the campaign's Shabbat and Yom Tov pauses fall (its state changes then). */
  place: Place;
  clock: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export interface LiveFeed {
  /** Whether another stream may open now. */
  hasRoom(): boolean;
  /** Takes over `response` as the campaign's event stream, starting with `kept`. */
  open(
    slug: string,
    kept: KeptSnapshot,
    response: ServerResponse,
    options?: {
      lastEventId?: string | undefined;
      headers?: Record<string, string | number | string[] | undefined>;
    },
  ): void;
  /** How many streams are open, and how many slow readers were dropped. */
  stats(): { open: number; dropped: number };
  /** Ends every stream (the server is closing). */
  close(): void;
}

/** Streams written to in one turn of the event loop. */
const FAN_OUT_SLICE = 250;

/** The longest wait `setTimeout` takes (about 24.8 days); a later boundary is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The instants the campaign's state in time changes: start, end, still-open end, each pause. */
function boundaries(campaign: CampaignRow, place: Place): number[] {
  const times = campaignTimes(campaign, place);
  return [
    times.startsAt,
    times.endsAt,
    times.openUntil,
    ...times.pauses.flatMap((p) => [p.start, p.end]),
  ].flatMap((at) => (at ? [at.getTime()] : []));
}

/**
 * The campaigns' event streams (server-sent events): each stream gets the snapshot when it
 * opens and again after each change, one serialisation per change written to every stream of
 * the campaign. A change heard schedules a rebuild (coalesced: one per `coalesceMs`, the first
 * after a quiet spell at once), on a timer, never inside the gift's request or transaction.
 */
export function createLiveFeed(store: SnapshotStore, options: LiveFeedOptions): LiveFeed {
  const {
    maxStreams,
    coalesceMs = 500,
    heartbeatMs = 25_000,
    retryMs = 5_000,
    maxBufferedBytes = 256 * 1024,
    place,
    clock,
    log,
  } = options;
  const streams = new Map<string, Set<ServerResponse>>();
  let open = 0;
  let dropped = 0;
  /** The event id each campaign's streams were last sent. */
  const lastSent = new Map<string, string>();
  const rebuildTimers = new Map<string, NodeJS.Timeout>();
  const boundaryTimers = new Map<string, NodeJS.Timeout>();
  const lastBuildAt = new Map<string, number>();
  /** Each campaign's latest snapshot built: a stream opens with it. */
  const latest = new Map<string, KeptSnapshot>();
  /** One serialisation per snapshot built, shared by every stream it is written to. */
  const messages = new WeakMap<KeptSnapshot, Buffer>();

  function messageOf(kept: KeptSnapshot) {
    let message = messages.get(kept);
    if (!message) {
      message = Buffer.from(`id: ${kept.eventId}\ndata: ${JSON.stringify(kept.snapshot)}\n\n`);
      messages.set(kept, message);
    }
    return message;
  }

  function write(response: ServerResponse, chunk: Buffer | string) {
    if (response.destroyed) return;
    // A reader that does not take what it is sent would make the server keep it all: dropped,
    // its page polls instead once its browser notices.
    if (response.writableLength > maxBufferedBytes) {
      dropped += 1;
      response.destroy();
      return;
    }
    response.write(chunk);
  }

  function rebuild(slug: string) {
    store.read(slug).catch((error: unknown) => {
      log.error({ err: error, slug }, 'the campaign snapshot could not be rebuilt for its stream');
    });
  }

  function scheduleRebuild(slug: string) {
    if (!streams.has(slug) || rebuildTimers.has(slug)) return;
    const wait = Math.max(0, (lastBuildAt.get(slug) ?? 0) + coalesceMs - Date.now());
    const timer = setTimeout(() => {
      rebuildTimers.delete(slug);
      rebuild(slug);
    }, wait);
    rebuildTimers.set(slug, timer);
  }

  function armBoundary(slug: string, campaign: CampaignRow) {
    clearTimeout(boundaryTimers.get(slug));
    boundaryTimers.delete(slug);
    const now = clock().getTime();
    const next = boundaries(campaign, place)
      .filter((at) => at > now)
      .sort((a, b) => a - b)[0];
    if (next === undefined) return;
    // A few ms past the boundary, so the state read then is the new one.
    const wait = Math.min(next - now + 5, MAX_TIMER_MS);
    const timer = setTimeout(() => {
      boundaryTimers.delete(slug);
      if (next - clock().getTime() > 0) armBoundary(slug, campaign);
      else rebuild(slug);
    }, wait);
    boundaryTimers.set(slug, timer);
  }

  function endStreams(slug: string) {
    for (const response of streams.get(slug) ?? []) response.end();
  }

  store.onChange(scheduleRebuild);
  store.onBuilt((slug, kept) => {
    lastBuildAt.set(slug, Date.now());
    if (kept) latest.set(slug, kept);
    else latest.delete(slug);
    if (!streams.has(slug)) return;
    if (!kept) return endStreams(slug);
    armBoundary(slug, kept.campaign);
    if (lastSent.get(slug) === kept.eventId) return;
    lastSent.set(slug, kept.eventId);
    fanOut([...streams.get(slug)!], messageOf(kept));
  });

  /**
   * Writes `message` to `targets` a slice at a time, letting the requests waiting in between
   * (a checkout's) run: ten thousand writes at once would hold the event loop for a noticeable
   * moment on a busy machine.
   */
  function fanOut(targets: ServerResponse[], message: Buffer | string, from = 0) {
    const end = Math.min(from + FAN_OUT_SLICE, targets.length);
    for (let i = from; i < end; i++) write(targets[i]!, message);
    if (end < targets.length) setImmediate(() => fanOut(targets, message, end));
  }

  const heartbeat = setInterval(() => {
    for (const set of streams.values()) fanOut([...set], ':\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  function forget(slug: string, response: ServerResponse) {
    const set = streams.get(slug);
    if (!set?.delete(response)) return;
    open -= 1;
    if (set.size > 0) return;
    streams.delete(slug);
    lastSent.delete(slug);
    clearTimeout(rebuildTimers.get(slug));
    rebuildTimers.delete(slug);
    clearTimeout(boundaryTimers.get(slug));
    boundaryTimers.delete(slug);
  }

  return {
    hasRoom: () => open < maxStreams,
    open(slug, read, response, { lastEventId, headers } = {}) {
      // A build may have finished since `read` was: every build reaches `latest`.
      const kept = latest.get(slug) ?? read;
      let set = streams.get(slug);
      if (!set) {
        set = new Set();
        streams.set(slug, set);
        lastSent.set(slug, kept.eventId);
        armBoundary(slug, kept.campaign);
      }
      set.add(response);
      open += 1;
      response.on('close', () => forget(slug, response));
      // The reader may have gone while the snapshot was read: its close has passed already.
      if (response.destroyed || response.socket?.destroyed) return forget(slug, response);
      response.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and some proxies buffer a response unless told not to.
        'x-accel-buffering': 'no',
      });
      write(response, `retry: ${retryMs}\n\n`);
      // A reconnect that already has this snapshot (its Last-Event-ID) is not sent it again.
      if (lastEventId !== kept.eventId) write(response, messageOf(kept));
    },
    stats: () => ({ open, dropped }),
    close() {
      clearInterval(heartbeat);
      for (const timer of [...rebuildTimers.values(), ...boundaryTimers.values()]) {
        clearTimeout(timer);
      }
      for (const slug of [...streams.keys()]) endStreams(slug);
    },
  };
}
