import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Smaller answers go uncompressed, as @fastify/compress's threshold does for the others. */
export const COMPRESS_THRESHOLD = 1024;

/** An answer as kept in memory: its bytes as they are and compressed once, and its ETag. */
export interface CachedAnswer {
  status: number;
  contentType: string;
  /** Weak: the same validator for each encoding of the same content. */
  etag: string;
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** What a producer made, and whether it may be kept (a page whose data failed to load may not). */
export interface ProducedAnswer {
  status?: number;
  /** Text, or bytes (what `reply.serialize` gives). */
  body: string | Buffer | ArrayBuffer;
  contentType: string;
  cacheable: boolean;
}

/**
 * Hashes an answer and, when it is to be kept, compresses it at the best levels once, off the
 * event loop (zlib's thread pool). One that is not kept (its data failed to load, the version
 * could not be read) is sent once: the site's own compression handles it as any other answer.
 */
export async function prepareAnswer(produced: ProducedAnswer): Promise<CachedAnswer> {
  const { body } = produced;
  const identity =
    typeof body === 'string' ? Buffer.from(body) : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  const base = {
    status: produced.status ?? 200,
    contentType: produced.contentType,
    etag,
    identity,
  };
  if (!produced.cacheable || identity.length < COMPRESS_THRESHOLD) return base;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { ...base, br, gzip: gz };
}

/**
 * Answers kept for one content version (ADR 029). Asked for a key at another version, it drops
 * everything it holds first. Requests for the same key and version that arrive while it is being
 * produced wait for that one production (no stampede after a change). At most `maxEntries` keys
 * are kept; the oldest goes first.
 */
export function createAnswerCache(maxEntries = 500) {
  let version: number | undefined;
  const stored = new Map<string, CachedAnswer>();
  const producing = new Map<string, Promise<{ answer: CachedAnswer; cacheable: boolean }>>();

  return {
    get size() {
      return stored.size;
    },
    /** The answer kept for `key` at this version, if there is one: no promise on a hit. */
    kept(key: string, atVersion: number): CachedAnswer | undefined {
      return atVersion === version ? stored.get(key) : undefined;
    },
    async answer(
      key: string,
      atVersion: number,
      produce: () => Promise<ProducedAnswer>,
    ): Promise<CachedAnswer> {
      if (atVersion !== version) {
        version = atVersion;
        stored.clear();
      }
      const hit = stored.get(key);
      if (hit) return hit;
      const flightKey = `${atVersion}\u0000${key}`;
      let flight = producing.get(flightKey);
      if (!flight) {
        flight = produce()
          .then(async (produced) => ({
            answer: await prepareAnswer(produced),
            cacheable: produced.cacheable,
          }))
          .finally(() => producing.delete(flightKey));
        producing.set(flightKey, flight);
      }
      const { answer, cacheable } = await flight;
      if (cacheable && version === atVersion && !stored.has(key)) {
        if (stored.size >= maxEntries) stored.delete(stored.keys().next().value!);
        stored.set(key, answer);
      }
      return answer;
    },
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
