import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './answer-cache';

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding this answer has that the client accepts (`q=0` refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined, answer: CachedAnswer): Encoding {
  if (!acceptEncoding || !answer.br) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

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
