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
import { at } from '~/server/lib/route-at';
import { adminApi } from '~/shared/api/admin';

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

  app.route({
    ...at(app, adminApi.accountSecurity),
    schema: { response: { 200: accountSecurity } },
    handler: async (request) => readAccountSecurity(db, userOf(request).id),
  });

  app.route({
    ...at(app, adminApi.startTotp),
    schema: { response: { 200: totpSetup } },
    handler: async (request) =>
      startTotpSetup(db, userOf(request), { issuer: app.siteConfig.product, now: app.clock() }),
  });

  app.route({
    ...at(app, adminApi.confirmTotp),
    schema: { body: totpConfirmInput, response: { 200: factorAdded } },
    handler: async (request) => {
      await recheck(request, { password: request.body.password });
      return confirmTotp(db, userOf(request), request.body.code, context(request));
    },
  });

  app.route({
    ...at(app, adminApi.disableTotp),
    schema: { body: reauthInput, response: { 204: noContent } },
    handler: async (request, reply) => {
      await recheck(request, request.body);
      await disableTotp(db, userOf(request), context(request));
      return reply.status(204).send();
    },
  });

  app.route({
    ...at(app, adminApi.newPasskeyOptions),
    schema: { response: { 200: passkeyCreationOptions } },
    handler: async (request) =>
      passkeyRegistrationOptions(db, userOf(request), { ...binding(request), now: app.clock() }),
  });

  app.route({
    ...at(app, adminApi.addPasskey),
    schema: { body: passkeyInput, response: { 201: passkeyAdded } },
    handler: async (request, reply) => {
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
  });

  app.route({
    ...at(app, adminApi.removePasskey),
    schema: { params: passkeyIdParams, body: reauthInput, response: { 204: noContent } },
    handler: async (request, reply) => {
      await recheck(request, request.body);
      await removePasskey(db, userOf(request), request.params.id, context(request));
      return reply.status(204).send();
    },
  });

  app.route({
    ...at(app, adminApi.recoveryCodes),
    schema: { body: reauthInput, response: { 200: recoveryCodesIssued } },
    handler: async (request) => {
      await recheck(request, request.body);
      return regenerateRecoveryCodes(db, userOf(request), context(request));
    },
  });
};
