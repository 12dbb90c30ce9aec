import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { MSG } from '../shared/messages.js';
import type { Config } from './config.js';
import { type Database, type Db, openDatabase } from './db/client.js';
import { seedDemo } from './db/seed.js';
import { republishOldPoints } from './features/items/published-point.js';
import { AppError, registerErrorHandling, rejectNullCharacters } from './errors.js';
import { authRoutes } from './features/auth/routes.js';
import { ensureAdmin } from './features/auth/service.js';
import { blockRoutes } from './features/blocks/routes.js';
import { accountRoutes } from './features/account/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { configRoutes } from './features/config/routes.js';
import { conversationRoutes } from './features/conversations/routes.js';
import { handoverRoutes } from './features/handover/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { expireItems } from './features/items/repository.js';
import { itemRoutes } from './features/items/routes.js';
import { notesRoutes } from './features/notes/routes.js';
import { profilesRoutes } from './features/profiles/routes.js';
import { reportRoutes } from './features/reports/routes.js';
import { searchRoutes } from './features/search/routes.js';
import { supportRoutes } from './features/support/routes.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { registerClient } from './plugins/client.js';
import { type Csrf, createCsrf } from './plugins/csrf.js';
import { createSessions, type Sessions } from './plugins/session.js';
import { createSmsSender, type SmsSender } from './plugins/sms.js';
import { createStorage, type ImageStorage } from './plugins/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    sessions: Sessions;
    csrf: Csrf;
    storage: ImageStorage;
    sms: SmsSender;
    /** Runs work after the answer has gone (e.g. sending an SMS); shutdown waits for it. */
    background(task: () => Promise<unknown>): void;
  }
}

export interface BuildOptions {
  /** An already open database (tests share one); otherwise it is opened from the config. */
  database?: Database;
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
/** How long a start waits for Redis; without it, it starts anyway and limits apply once Redis answers. */
const REDIS_READY_WAIT_MS = 2000;

/**
 * What a request's log line says about it. The browser's position (lat/lng of nearest-first lists)
 * is not kept in logs: the privacy policy promises it is used for sorting only.
 */
export function serializeRequest(req: { method: string; url: string; ip?: string; headers?: Record<string, unknown> }) {
  return {
    method: req.method,
    url: req.url.replace(/([?&](?:lat|lng)=)[^&]*/g, '$1redacted'),
    remoteAddress: req.ip,
  };
}

/** Image sources the CSP allows besides this site: the map tiles' host and the bucket, if any. */
function imageOrigins(config: Config, storage: ImageStorage): string[] {
  const tileHost = new URL(config.map.tileUrl.replace(/\{s\}/g, 'a').replace(/\{[a-z]\}/g, '0')).host;
  const tiles = config.map.tileUrl.includes('{s}.') ? `https://*.${tileHost.split('.').slice(1).join('.')}` : `https://${tileHost}`;
  return [tiles, ...(storage.origin ? [storage.origin] : [])];
}

/** Builds the whole app from a config: database (migrated), plugins, API routes and the client. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, serializers: { req: serializeRequest }, ...(typeof options.logger === 'object' ? options.logger : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    // Ids in logs tie a user's report ("reference ...") to the server's log line.
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // The API speaks JSON (and multipart for uploads): a text body is a client mistake, 415.
  app.removeContentTypeParser('text/plain');

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      poolSize: config.databasePoolSize,
      onPoolError: (err) => app.log.error({ err }, 'database connection lost'),
    }));
  const ownsDatabase = !options.database;
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  await database.migrate();
  // Items whose published point is an old random draw get their cell's point (docs/decisions/006).
  const republished = await republishOldPoints(database.db);
  if (republished > 0) app.log.info({ items: republished }, 'published points of items made anew');

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('sessions', createSessions({ db: database.db, secure: config.secureCookies }));
  app.decorate('csrf', createCsrf({ secure: config.secureCookies }));
  const storage = await createStorage(config);
  app.decorate('storage', storage);
  app.decorate('sms', createSmsSender(config, app.log));
  const pending = new Set<Promise<unknown>>();
  app.decorate('background', (task: () => Promise<unknown>) => {
    const run = task()
      .catch((err) => app.log.error({ err }, 'background task failed'))
      .finally(() => pending.delete(run));
    pending.add(run);
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  // Demo content first: it only goes into an empty database, and the admin below would make it non-empty.
  if (config.seedDemo && (await seedDemo(database.db, storage, config.itemTtlDays))) app.log.info('demo content added to the empty database');
  if (config.admin) {
    const outcome = await ensureAdmin(database.db, config.admin.username, config.admin.password);
    app.log.info({ admin: config.admin.username, outcome }, 'admin account checked');
  }

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Style attributes set by React and Radix; no inline <script> is ever allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins(config, storage)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
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
  const redis = config.redisUrl ? new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  if (redis) {
    // Commands sent before the connection is up fail (and the limit is skipped): wait a moment for it.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, REDIS_READY_WAIT_MS);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: config.rateLimitNamespace } : {}),
    // A Redis outage must not lock everyone out; the in-process limit is gone for that time.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new AppError(429, `${MSG.tooManyRequests} (in ${context.after})`),
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    app.sessions.attach(request, reply);
    app.csrf.check(request);
  });
  app.addHook('preHandler', async (request) => {
    if (request.url.startsWith('/api/')) await rejectNullCharacters(request);
  });
  app.addHook('onSend', async (request, reply) => {
    // API answers depend on the session: never let a shared cache keep them.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  if (storage.kind === 'local') {
    const uploadsDir = path.join(config.dataDir, 'uploads');
    mkdirSync(uploadsDir, { recursive: true });
    // Names are content hashes: an image at an address never changes.
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      allowedPath: (pathName) => /^\/?[0-9a-f]{32}(-thumb)?\.webp$/.test(pathName),
      setHeaders: (res) => res.header('cache-control', 'public, max-age=31536000, immutable'),
    });
  }

  await app.register(healthRoutes);
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(configRoutes, { prefix: '/api' });
  await app.register(itemRoutes, { prefix: '/api' });
  await app.register(uploadRoutes, { prefix: '/api' });
  await app.register(profilesRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(notesRoutes, { prefix: '/api' });
  await app.register(blockRoutes, { prefix: '/api' });
  await app.register(conversationRoutes, { prefix: '/api' });
  await app.register(handoverRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(supportRoutes, { prefix: '/api' });
  await app.register(reportRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api' });

  registerClient(app, config.clientDir);

  const housekeeping = async () => {
    await app.sessions.purgeExpired().catch((err) => app.log.warn({ err }, 'could not purge expired sessions'));
    const expired = await expireItems(database.db).catch((err) => app.log.warn({ err }, 'could not expire items'));
    if (expired) app.log.info({ expired }, 'items past their expiry marked expired');
  };
  await housekeeping();
  const timer = setInterval(() => void housekeeping(), HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return app;
}
