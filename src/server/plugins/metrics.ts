// GET /metrics in Prometheus' text format (prom-client), for the operator's monitoring
// (docs/operations.md): requests per route with their latency, the database pool, event-loop lag,
// memory and the process' other defaults, whether the database answers and the requests failed for
// want of it, rate-limit refusals, upload sizes, the room of the data folders, the notification queue (outbox events and channel deliveries waiting or given up). Never public: on the
// app's port only with METRICS_TOKEN as a bearer token, or on METRICS_PORT bound to 127.0.0.1.
import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import { MSG } from '#shared/messages.js';
import { queryRows } from '../db/client.js';
import { dataFolders, folderSpace } from '../data-folders.js';
import { AppError } from '../errors.js';
import { syncPlugin } from './sync-plugin.js';

/** How long db_up waits for the database's answer. */
const DB_UP_TIMEOUT_MS = 1000;

/** The route as registered (`/api/items/:id`), never the raw URL: one series per route, not per id. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

const sameToken = (given: string, expected: string) => {
  // Hashes of equal length: the comparison takes the same time whatever was sent.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
};

/** The metrics of one app: its own registry (tests build several apps in one process). */
function createMetrics(app: FastifyInstance): Registry {
  const register = new Registry();
  collectDefaultMetrics({ register });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route and status',
    labelNames,
    registers: [register],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 (rate limits and quotas), by route',
    labelNames: ['route'] as const,
    registers: [register],
  });
  const uploads = new Histogram({
    name: 'upload_request_bytes',
    help: 'Size of image upload requests as sent (Content-Length)',
    buckets: [100_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000, 20_000_000],
    registers: [register],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool: connections open (total), idle, queries waiting for one (waiting), the most allowed (max)',
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const stats = app.database.poolStats?.();
      if (!stats) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
    },
  });

  new Counter({
    name: 'db_public_reads_total',
    help: 'Public reads (lists, search, clusters, profiles, item pages) by where they went: replica, primary, or fallback (a replica read the primary answered because the replica did not)',
    labelNames: ['target'] as const,
    registers: [register],
    collect() {
      this.reset();
      for (const [target, n] of Object.entries(app.replicaReads)) this.inc({ target }, n);
    },
  });
  new Gauge({
    name: 'db_replica_up',
    help: 'Each read replica (DATABASE_REPLICA_URL): 1 while it answers, 0 while its reads go to the primary',
    labelNames: ['replica'] as const,
    registers: [register],
    collect() {
      for (const replica of app.database.replicas?.status() ?? []) this.set({ replica: replica.name }, replica.up ? 1 : 0);
    },
  });

  new Gauge({
    name: 'db_up',
    help: 'Whether the database answers a trivial query within a second (1) or not (0), at each scrape',
    registers: [register],
    async collect() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), DB_UP_TIMEOUT_MS);
      });
      const answered = app.database.ping().then(
        () => true,
        () => false,
      );
      this.set((await Promise.race([answered, late])) ? 1 : 0);
      clearTimeout(timer);
    },
  });
  new Counter({
    name: 'db_unavailable_requests_total',
    help: 'Requests answered 503 because the database could not be reached',
    registers: [register],
    collect() {
      this.reset();
      this.inc(app.databaseOutage.requestsFailed);
    },
  });

  // The room of each data folder's filesystem (statfs, at each scrape): a full disk fails uploads.
  const folders = dataFolders(app.config);
  for (const [name, help, field] of [
    ['data_folder_free_bytes', 'Room left on the filesystem of each data folder (uploads; database: PGlite on disk)', 'freeBytes'],
    ['data_folder_size_bytes', 'Size of the filesystem of each data folder (uploads; database: PGlite on disk)', 'sizeBytes'],
  ] as const) {
    new Gauge({
      name,
      help,
      labelNames: ['folder'] as const,
      registers: [register],
      async collect() {
        this.reset();
        for (const folder of folders) {
          const space = await folderSpace(folder.path).catch(() => undefined);
          if (space) this.set({ folder: folder.name }, space[field]);
        }
      },
    });
  }

  new Gauge({
    name: 'notification_queue',
    help: 'Notifications waiting or given up: outbox events (queue="events"), posted items to match against saved alerts (queue="alert_matching") and deliveries per channel (queue="email", ...), by state (pending, failed)',
    labelNames: ['queue', 'state'] as const,
    registers: [register],
    async collect() {
      this.reset();
      // Each count is served by a partial index (pending events, due deliveries, failed deliveries).
      // With the database away there are no counts, but the other metrics (db_up first) are still served.
      const rows = await queryRows<{ queue: string; state: string; n: number }>(
        app.database.db,
        sql`SELECT 'events' AS queue, CASE WHEN failed_at IS NULL THEN 'pending' ELSE 'failed' END AS state, count(*)::int AS n
              FROM notification_events GROUP BY 2
            UNION ALL
            SELECT 'alert_matching', CASE WHEN failed_at IS NULL THEN 'pending' ELSE 'failed' END, count(*)::int
              FROM alert_match_jobs GROUP BY 2
            UNION ALL
            SELECT channel, status, count(*)::int FROM notification_deliveries WHERE status IN ('pending', 'failed') GROUP BY 1, 2`,
      ).catch(() => undefined);
      if (!rows) return;
      for (const queue of ['events', 'alert_matching']) for (const state of ['pending', 'failed']) this.set({ queue, state }, 0);
      for (const { queue, state, n } of rows) this.set({ queue, state }, Number(n));
    },
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = routeOf(request);
    if (route === '/metrics') return;
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc({ route });
    const length = Number(request.headers['content-length']);
    if (route === '/api/upload-image' && Number.isFinite(length)) uploads.observe(length);
  });
  return register;
}

async function sendMetrics(register: Registry, reply: FastifyReply) {
  return reply
    .header('cache-control', 'no-store')
    .type(register.contentType)
    .send(await register.metrics());
}

/**
 * Serves GET /metrics when METRICS_TOKEN or METRICS_PORT is set: on the app's port for the bearer
 * token (401 otherwise), and/or on 127.0.0.1:METRICS_PORT (no token; only this machine reaches it).
 */
function metrics(app: FastifyInstance): void {
  const { token, port } = app.config.metrics;
  if (!token && !port) return;
  const register = createMetrics(app);

  if (token) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!given || !sameToken(given, token)) {
        reply.header('www-authenticate', 'Bearer').header('cache-control', 'no-store');
        throw new AppError(401, MSG.metricsToken);
      }
      return sendMetrics(register, reply);
    });
  }

  if (port) {
    let server: Server | undefined;
    app.addHook('onReady', async () => {
      server = createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
          return;
        }
        register
          .metrics()
          .then((text) => res.writeHead(200, { 'content-type': register.contentType, 'cache-control': 'no-store' }).end(text))
          .catch((err: unknown) => {
            app.log.error({ err }, 'metrics failed');
            res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
          });
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject).listen(port, '127.0.0.1', () => resolve());
      });
      app.log.info(`metrics at http://127.0.0.1:${port}/metrics`);
    });
    app.addHook('onClose', async () => {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    });
  }
}

/** The metrics plugin: registered before the routes, so that it sees every answer. */
export const metricsPlugin = fp(syncPlugin(metrics), {
  name: 'metrics',
  dependencies: ['database'],
  decorators: { fastify: ['config', 'databaseOutage'] },
});
