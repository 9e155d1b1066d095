import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '~/server/errors';
import { clearSessionCookie } from '~/server/plugins/admin-guard';
import { recordAudit } from '~/server/services/audit/record-audit';
import { loginInput, sessionResponse } from '~/shared/schemas/admin';
import { loginAnswer } from '~/shared/schemas/admin-second-factor';
import { noContent } from '~/shared/schemas/common';
import { deleteSessionByHash } from '~/server/auth/sessions';
import { accountSecurityRoutes } from './account-security-routes';
import { secondStepRoutes } from './second-step-routes';
import { signIn } from './sign-in';
import { deviceOf, setPendingCookie, setSignedInCookies, throttledError } from './sign-in-cookies';
import { at } from '~/server/lib/route-at';
import { adminApi } from '~/shared/api/admin';

export const invalidCredentialsMessage = 'Invalid credentials';

/**
 * Sign-in, sign-out and "who am I", then the sign-in's second step and the administrator's own
 * Account Security. Registered inside the guarded /api/admin context.
 */
export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminAuth } = app;

  app.route({
    ...at(app, adminApi.login),
    config: { adminPublic: true },
    schema: { body: loginInput, response: { 200: loginAnswer } },
    handler: async (request, reply) => {
      const now = app.clock();
      const result = await signIn(app.database.db, {
        ...request.body,
        ip: request.ip,
        now,
        device: deviceOf(request, request.body.username, now),
        previousToken: request.cookies[adminAuth.cookieName],
        previousPendingToken: request.cookies[adminAuth.pendingCookieName],
        idleMs: adminAuth.idleMs,
        maxMs: adminAuth.maxMs,
      });
      if (result.outcome === 'throttled') throw throttledError(request, reply, result.waitMs);
      if (result.outcome === 'refused') {
        request.log.info({ ip: request.ip }, 'admin sign-in refused');
        throw new AppError('unauthorized', invalidCredentialsMessage);
      }
      if (result.outcome === 'second-step') {
        // No session yet: the pending sign-in's cookie, and what the second step can be.
        setPendingCookie(request, reply, {
          token: result.pendingToken,
          expiresAt: result.expiresAt,
          now,
        });
        const expiresAt = result.expiresAt.toISOString();
        return result.stage === 'second-factor'
          ? { next: 'second-factor' as const, methods: result.methods, expiresAt }
          : { next: 'enrolment' as const, expiresAt };
      }
      request.log.info({ adminId: result.user.id }, 'admin signed in');
      setSignedInCookies(request, reply, {
        token: result.token,
        username: result.user.username,
        now,
      });
      return { user: result.user, csrfToken: result.csrfToken };
    },
  });

  app.route({
    ...at(app, adminApi.logout),
    schema: { response: { 204: noContent } },
    handler: async (request, reply) => {
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
    },
  });

  app.route({
    ...at(app, adminApi.session),
    schema: { response: { 200: sessionResponse } },
    handler: async (request) => ({
      user: request.adminUser!,
      csrfToken: request.adminSession!.csrfToken,
    }),
  });

  await app.register(secondStepRoutes, { prefix: '/login' });
  await app.register(accountSecurityRoutes, { prefix: '/account' });
};
