/**
 * Public pages and reads served from memory, per version of what they show (ADR 029): each
 * answer rendered once per content version, compressed once, sent with an ETag and 304.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAnswerCache, prepareAnswer, type ProducedAnswer } from './answer-cache';
import { watchContentVersion } from './content-version';
import { sendAnswer } from './send-answer';

export { COMPRESS_THRESHOLD, type ProducedAnswer } from './answer-cache';

export interface PublicCache {
  /**
   * Sends the answer kept for `key` at the current content version, or produces it (once for
   * every request asking at the same time), keeps it if it may be kept, and sends it.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    produce: () => Promise<ProducedAnswer>,
  ): Promise<FastifyReply>;
  /** The content version now: what else is kept per version (the site's content) asks it. */
  version(): Promise<number>;
}

export async function registerPublicCache(app: FastifyInstance) {
  const version = await watchContentVersion(app.database);
  const answers = createAnswerCache();
  app.addHook('onClose', () => version.close());
  const cache: PublicCache = {
    async send(request, reply, key, produce) {
      let atVersion: number;
      try {
        atVersion = await version.current();
      } catch (error) {
        // The version cannot be read: answer afresh, keep nothing.
        request.log.error({ err: error }, 'the content version could not be read');
        const produced = await produce();
        return sendAnswer(request, reply, await prepareAnswer({ ...produced, cacheable: false }));
      }
      return sendAnswer(request, reply, await answers.answer(key, atVersion, produce));
    },
    version: async () => version.current(),
  };
  app.decorate('publicCache', cache);
}
