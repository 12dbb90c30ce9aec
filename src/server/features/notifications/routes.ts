import {
  failedDeliveryListSchema,
  listNotificationsQuerySchema,
  markReadBodySchema,
  notificationListSchema,
  preferencesSchema,
  unreadNotificationsSchema,
  updatePreferencesBodySchema,
} from '#shared/notifications.js';
import { adminOnly, requireUser, signedIn } from '../../plugins/guards.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import {
  getPreferences,
  listFailedDeliveries,
  listNotifications,
  markNotificationsRead,
  unreadNotifications,
  updatePreferences,
} from './service.js';

/** The signed-in person's notifications and preferences; the admins' list of failed deliveries. */
export const notificationRoutes: FeatureRoutes = (app) => {
  app.get(
    '/notifications',
    { preValidation: signedIn, schema: { querystring: listNotificationsQuerySchema, response: { 200: notificationListSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return listNotifications(app.db, user.id, request.query.page, request.query.limit);
    },
  );

  app.get(
    '/notifications/unread-count',
    { preValidation: signedIn, schema: { response: { 200: unreadNotificationsSchema } } },
    async (request) => unreadNotifications(app.db, (await requireUser(request)).id),
  );

  app.post(
    '/notifications/read',
    { preValidation: signedIn, schema: { body: markReadBodySchema, response: { 200: unreadNotificationsSchema } } },
    async (request) => markNotificationsRead(app.db, (await requireUser(request)).id, request.body),
  );

  app.get('/me/notification-preferences', { preValidation: signedIn, schema: { response: { 200: preferencesSchema } } }, async (request) =>
    getPreferences(app.db, (await requireUser(request)).id, await app.notifications.channelsFor((await requireUser(request)).id)),
  );

  app.put(
    '/me/notification-preferences',
    { preValidation: signedIn, schema: { body: updatePreferencesBodySchema, response: { 200: preferencesSchema } } },
    async (request) => {
      const me = (await requireUser(request)).id;
      return updatePreferences(app.db, me, request.body, await app.notifications.channelsFor(me));
    },
  );

  app.get(
    '/admin/notification-deliveries',
    { preValidation: adminOnly, schema: { response: { 200: failedDeliveryListSchema } } },
    async () => listFailedDeliveries(app.db),
  );
};
