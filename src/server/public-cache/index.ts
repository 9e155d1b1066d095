/**
 * Public pages and reads served from memory, per version of what they show (ADR 029): each
 * answer rendered once per content version, compressed once, sent with an ETag and 304.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAnswerCache, prepareAnswer, type ProducedAnswer } from './answer-cache';
import { watchContentVersion } from './content-version';
import { sendAnswer } from './send-answer';

export { COMPRESS_THRESHOLD, type ProducedAnswer } from './answer-cache';
export { sharedRoundTrip, type ChannelListener, type Notifications } from './content-version';

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

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function registerPublicCache(app: FastifyInstance) {
  const version = await watchContentVersion(app.database, app.log);
  /**
   * Someone signed in to the office may have just changed what the pages show, on another
   * instance: their views wait for the exact version (ADR 037). The cookie's presence is enough:
   * a forged one only makes its sender's own view cost a round trip.
   */
  const mayHaveChanged = (request: FastifyRequest) =>
    request.cookies[app.adminAuth.cookieName] !== undefined;
  // The office's change is heard here before the office is told it is done: on the instance
  // that made it, every view after it, anyone's, is fresh (ADR 037). Only the office changes
  // what the public pages show, and only through its API: the hook is on its writes alone, so
  // every other answer (every visitor's) passes no hook of this cache.
  const heardBeforeAnswered = async (
    _request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
  ) => {
    if (reply.statusCode < 400) await version.current(true);
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!route.url.startsWith('/api/admin/') || methods.every((m) => READS.has(m))) return;
    route.onSend = [...[route.onSend ?? []].flat(), heardBeforeAnswered];
  });
  // The content version's listening connection is the instance's one: other features listen on
  // channels of their own through it.
  app.decorate('notifications', { listen: version.listen, listening: version.listening });
  const answers = createAnswerCache();
  app.addHook('onClose', () => version.close());
  const cache: PublicCache = {
    async send(request, reply, key, produce) {
      let atVersion: number;
      try {
        // A number when the version is known without asking (every visitor's view): a kept
        // answer then goes out with no promise in between.
        const current = version.current(mayHaveChanged(request));
        atVersion = typeof current === 'number' ? current : await current;
      } catch (error) {
        // The version cannot be read: answer afresh, keep nothing.
        request.log.error({ err: error }, 'the content version could not be read');
        const produced = await produce();
        return sendAnswer(request, reply, await prepareAnswer({ ...produced, cacheable: false }));
      }
      const kept = answers.kept(key, atVersion);
      if (kept) return sendAnswer(request, reply, kept);
      return sendAnswer(request, reply, await answers.answer(key, atVersion, produce));
    },
    version: async () => version.current(),
  };
  app.decorate('publicCache', cache);
}
