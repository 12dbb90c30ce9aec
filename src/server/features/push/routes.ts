import { PUSH_MSG, pushKeySchema, pushSubscriptionSchema, removePushSubscriptionSchema } from '#shared/push.js';
import { notFound } from '../../errors.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { subscribe, unsubscribe, vapidKeys } from './service.js';

/** Web Push: the site's public key (anyone: the page asks before subscribing) and a device's subscription. */
export const pushRoutes: FeatureRoutes = (app) => {
  app.get('/push/key', { schema: { response: { 200: pushKeySchema } } }, async () => {
    const keys = await vapidKeys(app.db, app.config);
    if (!keys) throw notFound(PUSH_MSG.off);
    return { publicKey: keys.publicKey };
  });

  app.post('/me/push-subscriptions', { preValidation: signedIn, schema: { body: pushSubscriptionSchema } }, async (request, reply) => {
    await subscribe(app.db, app.config, (await requireUser(request)).id, request.body);
    return reply.status(201).send({});
  });

  app.delete(
    '/me/push-subscriptions',
    { preValidation: signedIn, schema: { body: removePushSubscriptionSchema } },
    async (request, reply) => {
      await unsubscribe(app.db, (await requireUser(request)).id, request.body.endpoint);
      return reply.status(204).send();
    },
  );
};
