import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line for each request, when it is answered: what was asked (method, path, address), the
 * status and the time taken. Fastify's own writes two at `info`, one as the request comes in and
 * one as it is answered: twice the lines and the work under a campaign's crowd, for nothing the
 * second does not say. The first is kept at `debug`, for a request that never finishes.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
