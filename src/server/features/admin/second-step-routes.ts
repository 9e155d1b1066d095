import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponse } from '~/shared/schemas/admin';
import {
  enrolledSession,
  enrolmentInput,
  secondFactorInput,
  totpSetup,
  type SecondFactorMethod,
} from '~/shared/schemas/admin-second-factor';
import { passkeyCreationOptions, passkeyRequestOptions } from '~/shared/schemas/webauthn';
import { AppError } from '~/server/errors';
import { passkeyAuthenticationOptions, passkeyRegistrationOptions } from './passkeys';
import { findPendingSignIn, type PendingSignIn } from './pending-sign-ins';
import {
  assertStage,
  finishWithEnrolment,
  finishWithSecondFactor,
  tooManyTriesMessage,
} from './second-step';
import {
  clearPendingCookie,
  deviceOf,
  relyingParty,
  setSignedInCookies,
  throttledError,
} from './sign-in-cookies';
import { pendingEndedMessage } from './sign-in';
import { startTotpSetup, wrongCodeMessage } from './totp-factor';
import { at } from '~/server/lib/route-at';
import { adminApi } from '~/shared/api/admin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The pending sign-in the browser's cookie names (the second-step routes only). */
    pendingSignIn: PendingSignIn | null;
  }
}

/** What a wrong answer says, and under which field of the form. */
const wrongAnswer: Record<SecondFactorMethod, [field: string, message: string]> = {
  totp: ['code', wrongCodeMessage],
  'recovery-code': ['code', 'That recovery code did not work. Each code works only once.'],
  passkey: ['passkey', 'That passkey was not accepted. Try again, or use another way.'],
};

/**
 * /api/admin/login/…: the second step of a sign-in, for the browser holding a pending sign-in
 * (docs/decisions/018-admin-second-factor.md). Public like the sign-in itself (its origin is
 * checked by the guard), but every route needs a live pending sign-in, checked before the body
 * is read: without one, 401.
 */
export const secondStepRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { adminAuth } = app;
  app.decorateRequest('pendingSignIn', null);
  app.addHook('onRequest', async (request, reply) => {
    const pending = await findPendingSignIn(
      db,
      request.cookies[adminAuth.pendingCookieName],
      app.clock(),
    );
    if (!pending) {
      if (request.cookies[adminAuth.pendingCookieName] !== undefined) {
        clearPendingCookie(request, reply);
      }
      throw new AppError('unauthorized', pendingEndedMessage);
    }
    request.pendingSignIn = pending;
  });
  const publicRoute = { adminPublic: true };

  const contextOf = (request: FastifyRequest, pending: PendingSignIn) => {
    const now = app.clock();
    return {
      ip: request.ip,
      now,
      device: deviceOf(request, pending.user.username, now),
      previousToken: request.cookies[adminAuth.cookieName],
      idleMs: adminAuth.idleMs,
      maxMs: adminAuth.maxMs,
      rp: relyingParty(request),
    };
  };

  app.route({
    ...at(app, adminApi.secondFactor),
    config: publicRoute,
    schema: { body: secondFactorInput, response: { 200: sessionResponse } },
    handler: async (request, reply) => {
      const pending = request.pendingSignIn!;
      const context = contextOf(request, pending);
      const body = request.body;
      const result = await finishWithSecondFactor(
        db,
        pending,
        body.method === 'passkey'
          ? { method: 'passkey', response: body.response as AuthenticationResponseJSON }
          : body,
        context,
      );
      if (result.outcome === 'throttled') throw throttledError(request, reply, result.waitMs);
      if (result.outcome === 'wrong') {
        request.log.info({ ip: request.ip }, 'admin second factor refused');
        if (result.ended) {
          clearPendingCookie(request, reply);
          throw new AppError('unauthorized', tooManyTriesMessage);
        }
        const [field, message] = wrongAnswer[result.method];
        throw new AppError('unauthorized', message, { [field]: message });
      }
      request.log.info({ adminId: result.user.id }, 'admin signed in');
      setSignedInCookies(request, reply, {
        token: result.token,
        username: result.user.username,
        now: context.now,
      });
      return { user: result.user, csrfToken: result.csrfToken };
    },
  });

  app.route({
    ...at(app, adminApi.passkeyOptions),
    config: publicRoute,
    schema: { response: { 200: passkeyRequestOptions } },
    handler: async (request) => {
      const pending = request.pendingSignIn!;
      assertStage(pending, 'second-factor');
      return passkeyAuthenticationOptions(db, pending.user.id, {
        rp: relyingParty(request),
        boundTo: pending.tokenHash,
        now: app.clock(),
        notAfter: pending.expiresAt,
      });
    },
  });

  app.route({
    ...at(app, adminApi.enrolTotp),
    config: publicRoute,
    schema: { response: { 200: totpSetup } },
    handler: async (request) => {
      const pending = request.pendingSignIn!;
      assertStage(pending, 'enrolment');
      return startTotpSetup(db, pending.user, {
        issuer: app.siteConfig.product,
        now: app.clock(),
      });
    },
  });

  app.route({
    ...at(app, adminApi.enrolPasskeyOptions),
    config: publicRoute,
    schema: { response: { 200: passkeyCreationOptions } },
    handler: async (request) => {
      const pending = request.pendingSignIn!;
      assertStage(pending, 'enrolment');
      return passkeyRegistrationOptions(db, pending.user, {
        rp: relyingParty(request),
        boundTo: pending.tokenHash,
        now: app.clock(),
        notAfter: pending.expiresAt,
      });
    },
  });

  app.route({
    ...at(app, adminApi.enrol),
    config: publicRoute,
    schema: { body: enrolmentInput, response: { 200: enrolledSession } },
    handler: async (request, reply) => {
      const pending = request.pendingSignIn!;
      const context = contextOf(request, pending);
      const body = request.body;
      try {
        const result = await finishWithEnrolment(
          db,
          pending,
          body.method === 'passkey'
            ? { ...body, response: body.response as RegistrationResponseJSON }
            : body,
          context,
        );
        request.log.info(
          { adminId: result.user.id },
          'admin enrolled a second factor and signed in',
        );
        setSignedInCookies(request, reply, {
          token: result.token,
          username: result.user.username,
          now: context.now,
        });
        return {
          user: result.user,
          csrfToken: result.csrfToken,
          recoveryCodes: result.recoveryCodes,
        };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401)
          clearPendingCookie(request, reply);
        throw error;
      }
    },
  });
};
