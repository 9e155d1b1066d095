import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { clearSessionCookie } from '../../plugins/admin-guard';
import { recordAudit } from '../../services/audit/record-audit';
import { loginInput, sessionResponse } from '~/shared/schemas/admin';
import { noContent } from '~/shared/schemas/common';
import { deleteSessionByHash } from '../../auth/sessions';
import { deviceCookieMaxAgeSeconds, deviceFor, issueDeviceToken } from './device-cookie';
import { signIn } from './sign-in';

export const invalidCredentialsMessage = 'Invalid credentials';

/** Sign-in, sign-out and "who am I". Registered inside the guarded /api/admin context. */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminAuth } = app;

  app.post(
    '/login',
    {
      config: { adminPublic: true },
      schema: { body: loginInput, response: { 200: sessionResponse } },
    },
    async (request, reply) => {
      const now = app.clock();
      const device = deviceFor(
        app.linkSigner,
        request.cookies[adminAuth.deviceCookieName],
        request.body.username,
        now,
      );
      const result = await signIn(app.database.db, {
        ...request.body,
        ip: request.ip,
        now,
        device,
        previousToken: request.cookies[adminAuth.cookieName],
        idleMs: adminAuth.idleMs,
        maxMs: adminAuth.maxMs,
      });
      if (result.outcome === 'throttled') {
        const seconds = Math.max(1, Math.ceil(result.waitMs / 1000));
        request.log.warn({ ip: request.ip }, 'admin sign-in throttled');
        reply.header('retry-after', String(seconds));
        throw new AppError(
          'rate_limited',
          `Too many sign-in attempts. Please wait ${seconds} seconds and try again.`,
        );
      }
      if (result.outcome === 'refused') {
        request.log.info({ ip: request.ip }, 'admin sign-in refused');
        throw new AppError('unauthorized', invalidCredentialsMessage);
      }
      request.log.info({ adminId: result.user.id }, 'admin signed in');
      reply.setCookie(adminAuth.cookieName, result.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: adminAuth.secureCookie,
      });
      if (!device) {
        reply.setCookie(
          adminAuth.deviceCookieName,
          issueDeviceToken(app.linkSigner, request.body.username, now),
          {
            path: '/',
            httpOnly: true,
            sameSite: 'strict',
            secure: adminAuth.secureCookie,
            maxAge: deviceCookieMaxAgeSeconds,
          },
        );
      }
      return { user: result.user, csrfToken: result.csrfToken };
    },
  );

  app.post('/logout', { schema: { response: { 204: noContent } } }, async (request, reply) => {
    const session = request.adminSession!;
    await deleteSessionByHash(app.database.db, session.tokenHash);
    await recordAudit(app.database.db, {
      actor: request.adminUser,
      action: 'sign-out',
      ip: request.ip,
      at: app.clock(),
    });
    clearSessionCookie(request, reply);
    return reply.status(204).send();
  });

  app.get('/session', { schema: { response: { 200: sessionResponse } } }, async (request) => ({
    user: request.adminUser!,
    csrfToken: request.adminSession!.csrfToken,
  }));
};
