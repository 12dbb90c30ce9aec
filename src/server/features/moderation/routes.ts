import { itemIdParams } from '#shared/items.js';
import {
  adminPersonParams,
  adminPersonSchema,
  moderationLogSchema,
  myModerationSchema,
  reasonBodySchema,
  SUPPORT_FOLLOW_UPS_PER_HOUR,
  supportReplyBodySchema,
  supportThreadSchema,
  suspendBodySchema,
} from '#shared/moderation.js';
import { supportIdParams, userIdParams } from '#shared/people.js';
import { addressKey } from '../../plugins/client-address.js';
import { adminOnly, requireAdmin, requireUser, signedIn } from '../../plugins/guards.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import {
  adminPerson,
  liftSuspension,
  listActions,
  myModeration,
  personId,
  replyToSupport,
  setHidden,
  supportThread,
  suspend,
  warn,
} from './service.js';

/** Moderation: the admins' graded actions and audit log, a person's page, support answers; one's own notices. */
export const moderationRoutes: FeatureRoutes = (app) => {
  app.post(
    '/admin/items/:id/hide',
    { preValidation: adminOnly, schema: { params: itemIdParams, body: reasonBodySchema } },
    async (request, reply) => {
      await setHidden(app.db, await requireAdmin(request), request.params.id, true, request.body.reason);
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/items/:id/unhide',
    { preValidation: adminOnly, schema: { params: itemIdParams, body: reasonBodySchema } },
    async (request, reply) => {
      await setHidden(app.db, await requireAdmin(request), request.params.id, false, request.body.reason);
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/users/:id/warn',
    { preValidation: adminOnly, schema: { params: userIdParams, body: reasonBodySchema } },
    async (request, reply) => {
      await warn(app.db, await requireAdmin(request), request.params.id, request.body.reason);
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/users/:id/suspend',
    { preValidation: adminOnly, schema: { params: userIdParams, body: suspendBodySchema } },
    async (request, reply) => {
      const { days, permanent, reason } = request.body;
      await suspend(app.db, await requireAdmin(request), request.params.id, permanent ? 'permanent' : days!, reason);
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/users/:id/lift-suspension',
    { preValidation: adminOnly, schema: { params: userIdParams, body: reasonBodySchema } },
    async (request, reply) => {
      await liftSuspension(app.db, await requireAdmin(request), request.params.id, request.body.reason);
      return reply.status(204).send();
    },
  );

  app.get('/admin/moderation-actions', { preValidation: adminOnly, schema: { response: { 200: moderationLogSchema } } }, async () =>
    listActions(app.db),
  );

  app.get(
    '/admin/people/:username',
    { preValidation: adminOnly, schema: { params: adminPersonParams, response: { 200: adminPersonSchema } } },
    async (request) => adminPerson(app.db, request.params.username),
  );

  // Ends every session of the person: signed out everywhere (an admin's own included, if they ask).
  app.delete(
    '/admin/people/:username/sessions',
    { preValidation: adminOnly, schema: { params: adminPersonParams } },
    async (request, reply) => {
      await app.sessions.endAllFor(await personId(app.db, request.params.username));
      return reply.status(204).send();
    },
  );

  app.get('/me/moderation', { preValidation: signedIn, schema: { response: { 200: myModerationSchema } } }, async (request) =>
    myModeration(app.db, (await requireUser(request)).id),
  );

  app.get(
    '/support-requests/:id/replies',
    { preValidation: signedIn, schema: { params: supportIdParams, response: { 200: supportThreadSchema } } },
    async (request) => supportThread(app.db, await requireUser(request), request.params.id),
  );

  // The author's follow-ups have a rate limit of their own (not the support-request quota); the admins' answers none.
  app.post(
    '/support-requests/:id/replies',
    {
      preValidation: signedIn,
      config: {
        rateLimit: {
          max: SUPPORT_FOLLOW_UPS_PER_HOUR,
          timeWindow: 60 * 60 * 1000,
          allowList: async (request) => (await app.sessions.user(request))?.isAdmin === true,
          keyGenerator: async (request) => `support-reply:${(await app.sessions.user(request))?.id ?? addressKey(request)}`,
        },
      },
      schema: { params: supportIdParams, body: supportReplyBodySchema, response: { 201: supportThreadSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await replyToSupport(app.db, await requireUser(request), request.params.id, request.body.body)),
  );
};
