import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSecurity,
  factorAdded,
  passkeyAdded,
  passkeyIdParams,
  passkeyInput,
  reauthInput,
  recoveryCodesIssued,
  totpConfirmInput,
  totpSetup,
} from '~/shared/schemas/admin-second-factor';
import { passkeyCreationOptions } from '~/shared/schemas/webauthn';
import { noContent } from '~/shared/schemas/common';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { readAccountSecurity, regenerateRecoveryCodes } from './account-security';
import { confirmIdentity } from './confirm-identity';
import { addPasskey, removePasskey } from './manage-passkeys';
import { passkeyRegistrationOptions } from './passkeys';
import { deviceOf, relyingParty } from './sign-in-cookies';
import { confirmTotp, disableTotp, startTotpSetup } from './totp-factor';

/**
 * /api/admin/account/…: the signed-in administrator's own second factors (the Account Security
 * tab). Any change to what signs the account in, adding a factor as much as removing one, asks
 * for the password or a current code again: a session left open on a shared computer must not be
 * enough to plant a lasting factor or, on an account without one, take its recovery codes.
 */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const userOf = (request: FastifyRequest) => request.adminUser!;
  const context = (request: FastifyRequest) => auditContextOf(request, app.clock());
  const binding = (request: FastifyRequest) => ({
    rp: relyingParty(request),
    boundTo: request.adminSession!.tokenHash,
  });
  const recheck = (request: FastifyRequest, input: { password?: string; code?: string }) => {
    const now = app.clock();
    return confirmIdentity(db, userOf(request), input, {
      ip: request.ip,
      now,
      device: deviceOf(request, userOf(request).username, now),
    });
  };

  app.get('/security', { schema: { response: { 200: accountSecurity } } }, async (request) =>
    readAccountSecurity(db, userOf(request).id),
  );

  app.post('/totp', { schema: { response: { 200: totpSetup } } }, async (request) =>
    startTotpSetup(db, userOf(request), { issuer: app.siteConfig.product, now: app.clock() }),
  );

  app.post(
    '/totp/confirm',
    { schema: { body: totpConfirmInput, response: { 200: factorAdded } } },
    async (request) => {
      await recheck(request, { password: request.body.password });
      return confirmTotp(db, userOf(request), request.body.code, context(request));
    },
  );

  app.post(
    '/totp/disable',
    { schema: { body: reauthInput, response: { 204: noContent } } },
    async (request, reply) => {
      await recheck(request, request.body);
      await disableTotp(db, userOf(request), context(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/passkeys/options',
    { schema: { response: { 200: passkeyCreationOptions } } },
    async (request) =>
      passkeyRegistrationOptions(db, userOf(request), { ...binding(request), now: app.clock() }),
  );

  app.post(
    '/passkeys',
    { schema: { body: passkeyInput, response: { 201: passkeyAdded } } },
    async (request, reply) => {
      await recheck(request, request.body);
      const added = await addPasskey(
        db,
        userOf(request),
        { name: request.body.name, response: request.body.response as RegistrationResponseJSON },
        binding(request),
        context(request),
      );
      return reply.status(201).send(added);
    },
  );

  app.post(
    '/passkeys/:id/remove',
    { schema: { params: passkeyIdParams, body: reauthInput, response: { 204: noContent } } },
    async (request, reply) => {
      await recheck(request, request.body);
      await removePasskey(db, userOf(request), request.params.id, context(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/recovery-codes',
    { schema: { body: reauthInput, response: { 200: recoveryCodesIssued } } },
    async (request) => {
      await recheck(request, request.body);
      return regenerateRecoveryCodes(db, userOf(request), context(request));
    },
  );
};
