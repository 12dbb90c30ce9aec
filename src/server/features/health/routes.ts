import { MSG } from '../../../shared/messages.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { translate } from '../../i18n.js';

const READY_TIMEOUT_MS = 2000;

/** Liveness (the process answers) and readiness (the database answers too; a draining process answers 503 first, plugins/drain.ts), for load balancers. */
export const healthRoutes: FeatureRoutes = (app) => {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
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
      // The database is away: the language comes from the cookie and Accept-Language only.
      return reply.status(503).send({ message: translate(await request.language({ account: false }), MSG.databaseUnavailable) });
    } finally {
      clearTimeout(timer);
    }
  });
};
