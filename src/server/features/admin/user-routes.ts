import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { clearSessionCookie, requireOwner } from '~/server/plugins/admin-guard';
import { auditContextOf } from '~/server/services/audit/audit-context';
import { createAdminUser } from './create-admin-user';
import { endAdminSessions } from './end-admin-sessions';
import { listAdminUsers } from './list-admin-users';
import { listAuditEntries } from '~/server/services/audit/record-audit';
import { readSecurityPolicy } from './read-security-policy';
import { removeAdminUser } from './remove-admin-user';
import { setSecurityPolicy } from './set-security-policy';
import {
  adminUserCreated,
  adminUsersListing,
  auditListing,
  auditQuery,
  createAdminInput,
  sessionsEnded,
  userIdParams,
} from '~/shared/schemas/admin';
import {
  securityPolicy,
  securityPolicyChanged,
  securityPolicyInput,
} from '~/shared/schemas/admin-second-factor';
import { noContent } from '~/shared/schemas/common';
import { at } from '~/server/lib/route-at';
import { adminApi } from '~/shared/api/admin';

/** Owners only: the accounts, the site's security policy and the audit log. */
export const adminOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  // Before the body is read: a plain admin gets 403 whatever they send.
  app.addHook('onRequest', requireOwner);
  const context = (request: FastifyRequest) => auditContextOf(request, app.clock());

  app.route({
    ...at(app, adminApi.users),
    schema: { response: { 200: adminUsersListing } },
    handler: async () => ({
      users: await listAdminUsers(db, { now: app.clock(), idleMs: app.adminAuth.idleMs }),
    }),
  });

  app.route({
    ...at(app, adminApi.createUser),
    schema: { body: createAdminInput, response: { 201: adminUserCreated } },
    handler: async (request, reply) => {
      const user = await createAdminUser(db, request.body, context(request));
      request.log.info({ adminId: user.id }, 'admin account created');
      return reply.status(201).send({
        user: {
          id: user.id,
          username: user.username,
          role: user.role,
          createdAt: user.createdAt.toISOString(),
          lastSignInAt: null,
          activeSessions: 0,
          secondFactor: false,
        },
      });
    },
  });

  app.route({
    ...at(app, adminApi.removeUser),
    schema: { params: userIdParams, response: { 204: noContent } },
    handler: async (request, reply) => {
      await removeAdminUser(db, request.params.id, context(request));
      return reply.status(204).send();
    },
  });

  app.route({
    ...at(app, adminApi.endSessions),
    schema: { params: userIdParams, response: { 200: sessionsEnded } },
    handler: async (request, reply) => {
      const ended = await endAdminSessions(db, request.params.id, context(request));
      // Ending one's own sessions signs this browser out too.
      if (request.params.id === request.adminUser?.id) {
        clearSessionCookie(request, reply);
      }
      return { ended };
    },
  });

  app.route({
    ...at(app, adminApi.auditLog),
    schema: {
      querystring: auditQuery,
      response: { 200: auditListing },
    },
    handler: async (request) => ({ entries: await listAuditEntries(db, request.query) }),
  });

  app.route({
    ...at(app, adminApi.securityPolicy),
    schema: { response: { 200: securityPolicy } },
    handler: async () => readSecurityPolicy(db),
  });

  app.route({
    ...at(app, adminApi.setSecurityPolicy),
    schema: { body: securityPolicyInput, response: { 200: securityPolicyChanged } },
    handler: async (request, reply) => {
      const changed = await setSecurityPolicy(db, request.body.requireSecondFactor, {
        ...context(request),
        actor: request.adminUser!,
      });
      request.log.info(
        { requireSecondFactor: changed.requireSecondFactor, sessionsEnded: changed.sessionsEnded },
        'admin security policy changed',
      );
      // Requiring it of everyone may have signed out others, never this owner (who has one).
      void reply;
      return changed;
    },
  });
};
