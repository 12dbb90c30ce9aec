import { MSG } from '#shared/messages.js';
import { dataFolders, folderWritable } from '../../data-folders.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { translate } from '../../i18n.js';

const READY_TIMEOUT_MS = 2000;

/** Whether `work` resolved within `ms` (a hung database or network filesystem counts as not). */
async function within<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    });
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (the process answers) and readiness (the database answers, and the data folders take
 * writes: not read-only, at least DATA_DIR_MIN_FREE_MB free; a draining process answers 503 first,
 * plugins/drain.ts), for load balancers.
 */
export const healthRoutes: FeatureRoutes = (app) => {
  const folders = dataFolders(app.config);

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Not ready: the language comes from the cookie and Accept-Language only (the database may be away).
    const notReady = async (message: typeof MSG.databaseUnavailable | typeof MSG.dataFolderUnavailable) =>
      reply.status(503).send({ message: translate(await request.language({ account: false }), message) });
    const answered = await within(
      READY_TIMEOUT_MS,
      app.database.ping().then(
        () => true,
        () => false,
      ),
    );
    if (!answered) return notReady(MSG.databaseUnavailable);
    const writable = await within(READY_TIMEOUT_MS, Promise.all(folders.map((f) => folderWritable(f, app.config.dataDirMinFreeBytes))));
    if (!writable?.every(Boolean)) return notReady(MSG.dataFolderUnavailable);
    return { status: 'ready', database: app.database.kind };
  });
};
