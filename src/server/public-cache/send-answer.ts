import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './answer-cache';

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding this answer has that the client prefers (by its q-values, brotli first on a tie;
 * `q=0` refuses one), read as @fastify/compress reads it for the answers it compresses itself.
 */
export function chooseEncoding(acceptEncoding: string | undefined, answer: CachedAnswer): Encoding {
  if (!acceptEncoding || !answer.br) return 'identity';
  let chosen = chosenFor.get(acceptEncoding);
  if (chosen === undefined) {
    chosen = negotiate<Encoding>(acceptEncoding, ['br', 'gzip']) ?? 'identity';
    // Browsers send a handful of distinct headers; anything else cannot grow the map for good.
    if (chosenFor.size >= 256) chosenFor.clear();
    chosenFor.set(acceptEncoding, chosen);
  }
  return chosen;
}

/** Each Accept-Encoding header seen, with the encoding it chose (read on every kept answer). */
const chosenFor = new Map<string, Encoding>();

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 has it for GET). */
export function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/**
 * Sends a kept answer: 304 when the client holds this version, otherwise its bytes already
 * compressed in the encoding the client prefers (@fastify/compress leaves an answer that has a
 * Content-Encoding alone). The other headers (security, cache-control) are the caller's.
 */
export function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('etag', answer.etag).header('vary', 'Accept-Encoding');
  if (answer.status === 200 && matchesETag(request.headers['if-none-match'], answer.etag)) {
    return reply.status(304).send();
  }
  const encoding = chooseEncoding(request.headers['accept-encoding'], answer);
  const body = encoding === 'identity' ? answer.identity : answer[encoding]!;
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.status(answer.status).header('content-type', answer.contentType).send(body);
}
