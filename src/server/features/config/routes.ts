import { PRODUCT_NAME } from '#shared/constants.js';
import { clientConfigSchema } from '#shared/items.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';

/** GET /api/config: the public settings the client needs at run time (map tiles, public address). */
export const configRoutes: FeatureRoutes = (app) => {
  app.get('/config', { schema: { response: { 200: clientConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { productName: PRODUCT_NAME, publicUrl: app.config.publicUrl ?? null, map: app.config.map };
  });
};
