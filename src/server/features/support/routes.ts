import {
  createSupportBodySchema,
  supportIdParams,
  supportRequestListSchema,
  supportRequestSchema,
  updateSupportBodySchema,
} from '#shared/people.js';
import { adminOnly, requireUser, signedIn } from '../../plugins/guards.js';
import { rateQuota } from '../../plugins/quotas.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { changeSupportStatus, createSupportRequest, listMySupportRequests, listSupportRequests } from './service.js';

/** Support requests: users file and follow their own; admins see all and move their status. */
export const supportRoutes: FeatureRoutes = (app) => {
  app.post(
    '/support-requests',
    {
      preValidation: signedIn,
      preHandler: rateQuota(app, 'supportRequestsPerDay'),
      schema: { body: createSupportBodySchema, response: { 201: supportRequestSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await createSupportRequest(app.db, user.id, request.body));
    },
  );

  app.get(
    '/support-requests/mine',
    { preValidation: signedIn, schema: { response: { 200: supportRequestListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return listMySupportRequests(app.db, user.id);
    },
  );

  app.get('/support-requests', { preValidation: adminOnly, schema: { response: { 200: supportRequestListSchema } } }, async () =>
    listSupportRequests(app.db),
  );

  app.patch(
    '/support-requests/:id',
    {
      preValidation: adminOnly,
      schema: { params: supportIdParams, body: updateSupportBodySchema, response: { 200: supportRequestSchema } },
    },
    async (request) => changeSupportStatus(app.db, request.params.id, request.body.status),
  );
};
