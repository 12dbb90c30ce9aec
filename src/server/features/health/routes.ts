import { MSG } from '../../../shared/messages.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';

const READY_TIMEOUT_MS = 2000;

/** Liveness (the process answers) and readiness (the database answers too), for load balancers. */
export const healthRoutes: FeatureRoutes = (app) => {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        app.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
        }),
      ]);
      return { status: 'ready', database: app.database.kind };
    } catch {
      return reply.status(503).send({ message: MSG.databaseUnavailable });
    } finally {
      clearTimeout(timer);
    }
  });
};
