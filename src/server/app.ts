import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { withValues } from '#shared/i18n.js';
import { MSG } from '#shared/messages.js';
import { backupPlugin } from './backup/operations.js';
import { type Config, ConfigError } from './config.js';
import type { Database, Db } from './db/client.js';
import { accountsWithDemoPassword, demoContentPlugin, demoPasswordProblem } from './demo/seed.js';
import { maintainPostings } from './features/items/search/engine.js';
import { republishOldPoints } from './features/items/published-point.js';
import { AppError, registerErrorHandling, rejectNullCharacters } from './errors.js';
import { serializeError } from './error-log.js';
import { waitValues } from '#shared/quotas.js';
import { alertRoutes } from './features/alerts/routes.js';
import { alertMatchingTask } from './features/alerts/service.js';
import { authRoutes } from './features/auth/routes.js';
import { ensureAdmin } from './features/auth/service.js';
import { blockRoutes } from './features/blocks/routes.js';
import { accountRoutes } from './features/account/routes.js';
import { emailRoutes, unsubscribeRoutes } from './features/email/routes.js';
import { suspensionPlugin } from './plugins/suspension.js';
import { moderationRoutes } from './features/moderation/routes.js';
import { shareRoutes } from './features/share/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { configRoutes } from './features/config/routes.js';
import { conversationRoutes } from './features/conversations/routes.js';
import { handoverRoutes } from './features/handover/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { itemRoutes } from './features/items/routes.js';
import { expireItems, itemPageMeta, newestListedImage } from './features/items/service.js';
import { liveRoutes } from './features/live/routes.js';
import { notesRoutes } from './features/notes/routes.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { noticeExpiringListings, pruneNotifications } from './features/notifications/service.js';
import { registerEmailChannel } from './features/notifications/email-channel.js';
import { NotificationWorker } from './features/notifications/worker.js';
import { pushRoutes } from './features/push/routes.js';
import { registerPushChannel } from './features/push/service.js';
import { profilesRoutes } from './features/profiles/routes.js';
import { reportRoutes } from './features/reports/routes.js';
import { searchRoutes } from './features/search/routes.js';
import { supportRoutes } from './features/support/routes.js';
import { sweepUnusedUploads } from './features/uploads/repository.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { clientPlugin } from './plugins/client.js';
import { findUserByUsername } from './users/repository.js';
import { type Csrf, csrfPlugin } from './plugins/csrf.js';
import { type DeviceCookies, devicesPlugin } from './plugins/device-cookie.js';
import { ExpiringStore, sharedOrLocalStore } from './plugins/rate-limit-store.js';
import { databasePlugin } from './plugins/database.js';
import { metricsPlugin } from './plugins/metrics.js';
import { languagePlugin } from './plugins/language.js';
import { drainPlugin } from './plugins/drain.js';
import { readReplicasPlugin } from './plugins/read-replicas.js';
import { addressKey, canonicalForwardedFor, clientAddress } from './plugins/client-address.js';
import { startLockPlugin } from './plugins/start-lock.js';
import { registerJsonParser } from './plugins/json-body.js';
import { livePlugin } from './plugins/live.js';
import { type Sessions, sessionsPlugin } from './plugins/session.js';
import { type SmsSender, smsPlugin } from './plugins/sms.js';
import { type MailSender, mailPlugin } from './plugins/mail.js';
import type { UnsubscribeTopics } from './mail/unsubscribe.js';
import { type ImageStorage, storagePlugin } from './plugins/storage.js';
import { type FeatureRoutes, syncPlugin } from './plugins/sync-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Public reads so far by where they went (read replicas: plugins/read-replicas.ts); a fallback is a replica's read answered by the primary. */
    replicaReads: { replica: number; primary: number; fallback: number };
    sessions: Sessions;
    devices: DeviceCookies;
    csrf: Csrf;
    storage: ImageStorage;
    sms: SmsSender;
    /** This process's notification worker: channels register with it (docs/decisions/014). */
    notifications: NotificationWorker;
    /** The one way e-mail leaves the app (plugins/mail.ts; compose each with mail/compose.ts). */
    mail: MailSender;
    /** What a one-click unsubscribe token's topic stops (mail/unsubscribe.ts); features register theirs. */
    unsubscribeTopics: UnsubscribeTopics;
    /** Runs work after the answer has gone (e.g. sending an SMS); shutdown waits for it. */
    background(task: () => Promise<unknown>): void;
    /** Resolves once no background work is pending and the running notification worker has had a round after it (tests). */
    settled(): Promise<void>;
  }
}

export interface BuildOptions {
  /** An already open database (tests share one); otherwise it is opened from the config. */
  database?: Database;
  /** Tests: an in-memory PGlite opened from the config starts from this dump of a migrated database. */
  pgliteLoad?: Blob;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | object;
  /** Test hook: sees every route as it is registered (the authorisation matrix checks it lists them all). */
  onRoute?: (route: RouteOptions) => void;
}

const BODY_LIMIT_BYTES = 100 * 1024;
/**
 * A whole request, headers and body, must arrive within this time (Fastify's default is no limit):
 * a 10 MB photo needs about 700 kbit/s. A stalled or trickling upload is answered 408 and closed.
 */
export const REQUEST_TIMEOUT_MS = 120_000;
/** A connection that sends nothing for this long is closed (Node's headers limit stays at 60 s). */
export const CONNECTION_TIMEOUT_MS = 60_000;
const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;
/** How long a start waits for Redis; without it, it starts anyway and limits count in this process until Redis answers. */
const REDIS_READY_WAIT_MS = 2000;

const POSITION_PARAMETER = /^(lat|lng)$/i;

/** A query parameter's name as the query parser reads it (percent-encoded letters decoded). */
function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * What a request's log line says about it. The browser's position (lat/lng of nearest-first lists)
 * is not kept in logs: the privacy policy promises it is used for sorting only. The names are
 * compared decoded, as the app reads them: `l%61t=` is `lat` too.
 */
export function serializeRequest(req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
  const query = req.url.indexOf('?');
  const url =
    query === -1
      ? req.url
      : `${req.url.slice(0, query + 1)}${req.url
          .slice(query + 1)
          .split('&')
          .map((pair) => {
            const name = pair.split('=')[0]!;
            return POSITION_PARAMETER.test(parameterName(name)) ? `${name}=redacted` : pair;
          })
          .join('&')}`;
  return { method: req.method, url, remoteAddress: clientAddress(req) };
}

/** Image sources the CSP allows besides this site: the map tiles' host and the bucket, if any. */
function imageOrigins(config: Config, storage: ImageStorage): string[] {
  const tileHost = new URL(config.map.tileUrl.replace(/\{s\}/g, 'a').replace(/\{[a-z]\}/g, '0')).host;
  const tiles = config.map.tileUrl.includes('{s}.') ? `https://*.${tileHost.split('.').slice(1).join('.')}` : `https://${tileHost}`;
  return [tiles, ...(storage.origin ? [storage.origin] : [])];
}

/** At every start, ADMIN_USERNAME exists, is an admin and has ADMIN_PASSWORD; after the demo content, which only goes into an empty database. */
const adminAccountPlugin = fp(
  async (app) => {
    if (!app.config.admin) return;
    const outcome = await ensureAdmin(app.db, app.config.admin.username, app.config.admin.password);
    app.log.info({ admin: app.config.admin.username, outcome }, 'admin account checked');
  },
  { name: 'admin-account', dependencies: ['database', 'start-lock', 'demo-content'] },
);

/**
 * Production does not start while a demo account (the demo admin above all) still signs in with the
 * demo password: a database seeded in development keeps them. Checked after ADMIN_PASSWORD is set,
 * so setting it for the demo admin is one way out.
 */
const noDemoPasswordPlugin = fp(
  async (app) => {
    if (app.config.env !== 'production') return;
    const accounts = await accountsWithDemoPassword(app.db);
    if (accounts.length > 0) throw new ConfigError([demoPasswordProblem(accounts)]);
  },
  { name: 'no-demo-password', dependencies: ['database', 'start-lock', 'admin-account'] },
);

/** Items whose published point is an old random draw get their cell's point, once (docs/decisions/006). */
const publishedPointsPlugin = fp(
  async (app) => {
    const republished = await republishOldPoints(app.db);
    if (republished > 0) app.log.info({ items: republished }, 'published points of items made anew');
  },
  { name: 'published-points', dependencies: ['database', 'start-lock'] },
);

/** What every API feature's routes use: checked when each is registered, so the start-up order is not left to chance. */
const API_DEPENDENCIES = ['database', 'storage', 'sms', 'mail', 'sessions', 'csrf', '@fastify/rate-limit', '@fastify/multipart'];

/** A feature's routes as a plugin of its own (still encapsulated, under its prefix) that declares what it needs. */
const feature = (name: string, routes: FeatureRoutes, dependencies = API_DEPENDENCIES) =>
  fp(
    syncPlugin((instance: FastifyInstance) => routes(instance)),
    { name, dependencies, encapsulate: true },
  );

/** Sessions, expired items, unused uploads and old notifications are swept at start and then hourly (and PGlite's search postings vacuumed). */
const housekeepingPlugin = fp(
  async (app) => {
    const housekeeping = async () => {
      await app.sessions.purgeExpired().catch((err) => app.log.warn({ err }, 'could not purge expired sessions'));
      const expired = await expireItems(app.db).catch((err) => app.log.warn({ err }, 'could not expire items'));
      if (expired) app.log.info({ expired }, 'items past their expiry marked expired');
      const told = await noticeExpiringListings(app.db).catch((err) => app.log.warn({ err }, 'could not tell of expiring items'));
      if (told) app.log.info({ told }, 'owners told their items expire soon');
      if (expired || told) app.notifications.wake();
      const swept = await sweepUnusedUploads(app.db, app.storage, app.config.unusedUploadHours, app.log).catch((err) =>
        app.log.warn({ err }, 'could not remove unused uploads'),
      );
      if (swept) app.log.info({ swept }, 'uploads no item used removed');
      const pruned = await pruneNotifications(app.db, app.config.notifications.keepDays).catch((err) =>
        app.log.warn({ err }, 'could not prune old notifications'),
      );
      if (pruned && (pruned.notifications || pruned.deliveries)) app.log.info(pruned, 'old notifications and deliveries removed');
      await maintainPostings(app.db).catch((err) => app.log.warn({ err }, 'could not vacuum the search postings'));
    };
    await housekeeping();
    const timer = setInterval(() => void housekeeping(), HOUSEKEEPING_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', () => clearInterval(timer));
  },
  { name: 'housekeeping', dependencies: ['database', 'sessions', 'storage', 'notifications'] },
);

/**
 * The notification worker of this process, started with the app and stopped before the database
 * closes (preClose: close waits for the round under way, so tests and SIGTERM never hang).
 */
const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    // Its rounds' failures for want of the database are counted, not logged one by one (database-outage.ts).
    const worker = new NotificationWorker(app.db, app.config.notifications, app.databaseOutage.logger(app.log));
    app.decorate('notifications', worker);
    registerEmailChannel(app);
    await registerPushChannel(app);
    worker.registerTask(alertMatchingTask(app.log));
    worker.start();
    app.addHook('preClose', () => worker.stop());
  },
  { name: 'notifications', dependencies: ['database', 'mail'] },
);

/**
 * Every /api route, with the rules all of them share as hooks of this one encapsulated plugin: they
 * belong to the matched routes, so they hold for every spelling of a path the router accepts
 * (`/%61pi/notes` is routed to `/api/notes`); a string test of the raw URL missed those.
 */
async function apiRoutes(api: FastifyInstance): Promise<void> {
  api.addHook('onRequest', async (request, reply) => {
    api.sessions.attach(request, reply);
    api.csrf.check(request);
  });
  api.addHook('preHandler', rejectNullCharacters);
  // A write that went through may have added notification events: look for them now, not at the next tick.
  api.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) api.notifications.wake();
  });
  api.addHook('onSend', async (_request, reply) => {
    // API answers depend on the session: never let a shared cache keep them.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  await api.register(feature('auth-routes', authRoutes));
  await api.register(feature('config-routes', configRoutes));
  await api.register(feature('item-routes', itemRoutes));
  await api.register(feature('upload-routes', uploadRoutes));
  await api.register(feature('profiles-routes', profilesRoutes));
  await api.register(feature('account-routes', accountRoutes));
  await api.register(feature('email-routes', emailRoutes));
  await api.register(feature('notes-routes', notesRoutes));
  await api.register(feature('block-routes', blockRoutes));
  await api.register(feature('alert-routes', alertRoutes));
  await api.register(feature('conversation-routes', conversationRoutes));
  await api.register(feature('handover-routes', handoverRoutes));
  await api.register(feature('search-routes', searchRoutes));
  await api.register(feature('support-routes', supportRoutes));
  await api.register(feature('report-routes', reportRoutes));
  await api.register(feature('admin-routes', adminRoutes));
  await api.register(feature('moderation-routes', moderationRoutes));
  await api.register(feature('live-routes', liveRoutes, [...API_DEPENDENCIES, 'live']));
  await api.register(feature('notification-routes', notificationRoutes));
  await api.register(feature('push-routes', pushRoutes));
}

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole app from a config: database (migrated), plugins, API routes and the client. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Errors without a statement's SQL or values (error-log.ts).
            serializers: { req: serializeRequest, err: serializeError },
            ...(typeof options.logger === 'object' ? options.logger : {}),
          },
    // A hop count trusts that many proxies nearest to the app (the rightmost X-Forwarded-For entries).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // X-Forwarded-For entries in one spelling (no port, compressed IPv6) before anything reads them.
    rewriteUrl: canonicalForwardedFor,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    // Ids in logs tie a user's report ("reference ...") to the server's log line.
    genReqId: () => crypto.randomUUID(),
    // Paths match exactly: no second spelling of a route (a trailing slash, another letter case,
    // doubled slashes) is routed; percent-encoded letters are decoded by the router, which is why the
    // /api rules live on the routes themselves (apiRoutes), never on a test of the raw URL.
    routerOptions: { maxParamLength: 200, caseSensitive: true, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false },
    // Plugins do the start-up work (migrations, which may rewrite a large table; the demo seed):
    // Fastify's default of 10 s per plugin would abort a start that is merely slow.
    pluginTimeout: 0,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // The API speaks JSON (and multipart for uploads): a text body is a client mistake, 415.
  app.removeContentTypeParser('text/plain');
  // JSON nested deeper than the API's bodies ever are is refused before it is parsed (json-body.ts).
  registerJsonParser(app);

  // Each plugin names the plugins it needs (fastify-plugin `dependencies`): registering one before
  // them fails at start with the missing name.
  app.decorate('config', config);
  await app.register(databasePlugin, { database: options.database, pgliteLoad: options.pgliteLoad });
  await app.register(storagePlugin);
  await app.register(smsPlugin);
  await app.register(mailPlugin);
  const pending = new Set<Promise<unknown>>();
  let started = 0;
  app.decorate('background', (task: () => Promise<unknown>) => {
    started++;
    const run = task()
      .catch((err) => app.log.error({ err }, 'background task failed'))
      .finally(() => pending.delete(run));
    pending.add(run);
  });
  // Tasks may start more tasks, and a worker round more again: until a round began and ended with
  // no task pending or started meanwhile.
  app.decorate('settled', async () => {
    for (;;) {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      const before = started;
      await app.notifications.flush();
      if (pending.size === 0 && started === before) return;
    }
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  await app.register(notificationsPlugin);
  // The start tasks that write, one process at a time (plugins/start-lock.ts); one that fails lets the lock go too.
  await app.register(startLockPlugin);
  try {
    await app.register(publishedPointsPlugin);
    await app.register(demoContentPlugin);
    await app.register(adminAccountPlugin);
    await app.register(noDemoPasswordPlugin);
  } finally {
    await app.startTasksDone();
  }

  await app.register(fastifyCookie);
  // Before the request hooks that read the database (after the cookies: the answer's language reads one).
  await app.register(drainPlugin);
  await app.register(readReplicasPlugin);
  await app.register(sessionsPlugin);
  // Before every route: a suspended person's writes are refused (all but its allow-list).
  await app.register(suspensionPlugin);
  await app.register(livePlugin);
  await app.register(languagePlugin);
  await app.register(devicesPlugin);
  await app.register(csrfPlugin);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Style attributes set by React and Radix; no inline <script> is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins(config, app.storage)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The service worker (/sw.js, src/client/sw): from this site only.
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  const redis = config.redisUrl
    ? // A command unanswered for 2 s counts in this process (a hung Redis); shorter, a busy event loop would trip it.
      new Redis(config.redisUrl, { connectTimeout: 1000, commandTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  // Without Redis, counts stay in this process until their window ends (never evicted early); with
  // it, they are shared, and while it does not answer they count in this process (rate-limit-store.ts).
  const rateLimitStore = redis ? sharedOrLocalStore(redis, config.rateLimitNamespace, app.log) : ExpiringStore;
  if (redis) {
    // Commands sent before the connection is up fail (and count in this process): wait a moment for it.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, REDIS_READY_WAIT_MS);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.addHook('onClose', () => {
      redis.disconnect();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    store: rateLimitStore,
    // Neither store fails: a Redis outage neither locks everyone out nor lifts the limits.
    skipOnError: false,
    // By the client's address in one spelling, whatever port or form a proxy wrote it with.
    keyGenerator: addressKey,
    errorResponseBuilder: (_request, context) =>
      new AppError(429, withValues(MSG.tooManyRequestsIn, waitValues(Math.ceil(context.ttl / 1000)))),
  });

  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  await app.register(metricsPlugin);

  await app.register(feature('health-routes', healthRoutes, ['database', 'language']));
  // Outside the /api plugin: a mail program's one-click POST carries no CSRF token (its signed token is the authority).
  await app.register(feature('unsubscribe-routes', unsubscribeRoutes, ['database', 'mail', 'language', '@fastify/rate-limit']));
  // The share sheet's POST when no service worker took it: a redirect to Post item, nothing more.
  await app.register(feature('share-routes', shareRoutes, ['@fastify/multipart']));
  // Every /api route inside one encapsulated plugin whose hooks carry the rules they share.
  await app.register(apiRoutes, { prefix: '/api' });

  await app.register(clientPlugin, {
    clientDir: config.clientDir,
    lookups: {
      itemPageMeta: (id) => itemPageMeta(app.db, id),
      newestListedImage: () => newestListedImage(app.db),
      profileListed: async (username) => (await findUserByUsername(app.db, username))?.isVisible === true,
    },
  });
  await app.register(housekeepingPlugin);
  await app.register(backupPlugin);

  return app;
}
