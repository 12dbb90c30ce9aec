import { alertIdParams, alertListSchema, alertSchema, createAlertBodySchema, updateAlertBodySchema } from '#shared/alerts.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { createAlert, deleteAlert, listAlerts, updateAlert } from './service.js';

/** Saved alerts: each signed-in person lists, saves, changes, pauses and deletes their own. */
export const alertRoutes: FeatureRoutes = (app) => {
  app.get('/alerts', { preValidation: signedIn, schema: { response: { 200: alertListSchema } } }, async (request) =>
    listAlerts(app.db, (await requireUser(request)).id),
  );

  app.post(
    '/alerts',
    { preValidation: signedIn, schema: { body: createAlertBodySchema, response: { 201: alertSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await createAlert(app.db, user, request.body, app.config.quotas.alerts));
    },
  );

  app.patch(
    '/alerts/:id',
    { preValidation: signedIn, schema: { params: alertIdParams, body: updateAlertBodySchema, response: { 200: alertSchema } } },
    async (request) => updateAlert(app.db, (await requireUser(request)).id, request.params.id, request.body),
  );

  app.delete('/alerts/:id', { preValidation: signedIn, schema: { params: alertIdParams } }, async (request, reply) => {
    await deleteAlert(app.db, (await requireUser(request)).id, request.params.id);
    return reply.status(204).send();
  });
};
