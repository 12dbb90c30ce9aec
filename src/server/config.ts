import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PRODUCT_NAME } from '#shared/constants.js';
import { ALERT_LIMIT_DEFAULT } from '#shared/alerts.js';
import { MAX_PAYMENT_LINKS } from '#shared/people.js';
import { isPhoneRegion } from './phone.js';
import { MSG } from '#shared/messages.js';
import { passwordProblem } from './features/auth/password-policy.js';
import { parseRecipients } from './backup/encryption.js';

/** The push services of the browsers people use (Chrome and Edge, Firefox, Safari, Windows): subscriptions elsewhere are refused. */
const DEFAULT_PUSH_HOSTS = 'fcm.googleapis.com,push.services.mozilla.com,push.apple.com,notify.windows.com';

/** Thrown when the environment cannot make a working configuration; main prints it and exits. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const boolText = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false (or 1/0, yes/no, on/off)',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const positiveInt = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .positive(`${name} must be above 0`);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(0, 'must be 0 to 65535')
      .max(65535, 'must be 0 to 65535')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_REPLICA_URL: z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean),
      )
      .refine((urls) => urls.every((u) => /^postgres(ql)?:\/\//.test(u)), 'each address must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: positiveInt('DATABASE_POOL_SIZE').max(200, 'must be at most 200').default(10),
    DATA_DIR: z.string().min(1).default('./data'),
    DATA_DIR_MIN_FREE_MB: z.coerce
      .number({ error: 'DATA_DIR_MIN_FREE_MB must be a whole number' })
      .int('DATA_DIR_MIN_FREE_MB must be a whole number')
      .min(0, 'DATA_DIR_MIN_FREE_MB must be 0 or more')
      .default(100),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http:// or https:// URL' }).optional(),
    SEED_DEMO: boolText.optional(),
    ADMIN_USERNAME: z.string().optional(),
    ADMIN_PASSWORD: z.string().optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    AUTH_RATE_LIMIT_MAX: positiveInt('AUTH_RATE_LIMIT_MAX').default(10),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt('AUTH_RATE_LIMIT_WINDOW_SECONDS').default(60),
    ACCOUNT_RATE_LIMIT_MAX: positiveInt('ACCOUNT_RATE_LIMIT_MAX').default(20),
    ACCOUNT_RATE_LIMIT_WINDOW_SECONDS: positiveInt('ACCOUNT_RATE_LIMIT_WINDOW_SECONDS').default(900),
    SESSION_MAX_AGE_DAYS: positiveInt('SESSION_MAX_AGE_DAYS').max(3650, 'must be at most 3650').default(30),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{24,200}$/, 'must be 24 to 200 visible ASCII characters (e.g. openssl rand -hex 32)')
      .optional(),
    METRICS_PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(1, 'must be 1 to 65535')
      .max(65535, 'must be 1 to 65535')
      .optional(),
    RATE_LIMIT_NAMESPACE: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits, _, :, . or -')
      .default('rl:'),
    MESSAGE_RATE_LIMIT_MAX: positiveInt('MESSAGE_RATE_LIMIT_MAX').default(30),
    MESSAGE_RATE_LIMIT_WINDOW_SECONDS: positiveInt('MESSAGE_RATE_LIMIT_WINDOW_SECONDS').default(60),
    LIVE_STREAMS_PER_USER: positiveInt('LIVE_STREAMS_PER_USER').max(1000, 'must be at most 1000').default(10),
    LIVE_STREAMS_MAX: positiveInt('LIVE_STREAMS_MAX').max(1_000_000, 'must be at most 1000000').default(5000),
    LIVE_HEARTBEAT_SECONDS: positiveInt('LIVE_HEARTBEAT_SECONDS').max(50, 'must be at most 50').default(25),
    SHUTDOWN_DRAIN_SECONDS: z.coerce
      .number({ error: 'SHUTDOWN_DRAIN_SECONDS must be a whole number' })
      .int('SHUTDOWN_DRAIN_SECONDS must be a whole number')
      .min(0, 'SHUTDOWN_DRAIN_SECONDS must be 0 to 60')
      .max(60, 'SHUTDOWN_DRAIN_SECONDS must be 0 to 60')
      .default(0),
    UPLOAD_LIMIT_PER_HOUR: positiveInt('UPLOAD_LIMIT_PER_HOUR').default(30),
    UPLOAD_LIMIT_PER_DAY: positiveInt('UPLOAD_LIMIT_PER_DAY').default(100),
    ITEM_LIMIT_PER_DAY: positiveInt('ITEM_LIMIT_PER_DAY').default(30),
    NOTE_LIMIT_PER_DAY: positiveInt('NOTE_LIMIT_PER_DAY').default(100),
    SUPPORT_LIMIT_PER_DAY: positiveInt('SUPPORT_LIMIT_PER_DAY').default(10),
    PAYMENT_LINK_LIMIT: positiveInt('PAYMENT_LINK_LIMIT').default(MAX_PAYMENT_LINKS),
    LINKED_USER_LIMIT: positiveInt('LINKED_USER_LIMIT').default(200),
    BLOCK_LIMIT: positiveInt('BLOCK_LIMIT').default(500),
    ALERT_LIMIT: positiveInt('ALERT_LIMIT').max(10_000, 'must be at most 10000').default(ALERT_LIMIT_DEFAULT),
    UNUSED_UPLOAD_HOURS: positiveInt('UNUSED_UPLOAD_HOURS')
      .max(24 * 30, 'must be at most 720')
      .default(24),
    IMAGE_DECODE_CONCURRENCY: positiveInt('IMAGE_DECODE_CONCURRENCY').max(64, 'must be at most 64').default(1),
    TRUST_PROXY: z.string().optional(),
    ITEM_TTL_DAYS: positiveInt('ITEM_TTL_DAYS').max(365, 'must be at most 365').default(30),
    NOTIFICATION_INTERVAL_MS: positiveInt('NOTIFICATION_INTERVAL_MS')
      .min(50, 'must be at least 50')
      .max(3_600_000, 'must be at most 3600000')
      .default(2000),
    NOTIFICATION_MAX_ATTEMPTS: positiveInt('NOTIFICATION_MAX_ATTEMPTS').max(100, 'must be at most 100').default(8),
    NOTIFICATION_DIGEST_HOURS: positiveInt('NOTIFICATION_DIGEST_HOURS').max(168, 'must be at most 168').default(24),
    // At least 8 days: the digest (at most 7 days apart) reads when the last one went.
    NOTIFICATION_KEEP_DAYS: positiveInt('NOTIFICATION_KEEP_DAYS')
      .min(8, 'must be at least 8')
      .max(3650, 'must be at most 3650')
      .default(90),
    NOTIFICATION_EMAIL_WINDOW_SECONDS: positiveInt('NOTIFICATION_EMAIL_WINDOW_SECONDS').max(3600, 'must be at most 3600').default(300),
    NOTIFICATION_RETRY_BASE_MS: positiveInt('NOTIFICATION_RETRY_BASE_MS')
      .min(100, 'must be at least 100')
      .max(3_600_000, 'must be at most 3600000')
      .default(30_000),
    NOTIFICATION_RETRY_MAX_MS: positiveInt('NOTIFICATION_RETRY_MAX_MS')
      .min(100, 'must be at least 100')
      .max(86_400_000, 'must be at most 86400000')
      .default(3_600_000),
    MAP_TILE_URL: z
      .string()
      .regex(/^https:\/\/[^\s]+\{z\}[^\s]*\{x\}[^\s]*\{y\}/, 'must be an https:// URL template with {z}, {x} and {y}')
      .default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_ATTRIBUTION: z.string().min(1).default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    MAP_SEARCH_MAX_ITEMS: positiveInt('MAP_SEARCH_MAX_ITEMS').default(200_000),
    S3_BUCKET: z.string().min(3).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' }).optional(),
    S3_FORCE_PATH_STYLE: boolText.default(false),
    PHONE_DEFAULT_REGION: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isPhoneRegion, 'must be a two-letter region code libphonenumber knows, e.g. US, GB, DE')
      .default('US'),
    SMS_PROVIDER: z.enum(['console', 'twilio'], { error: 'must be console or twilio' }).default('console'),
    SMS_OUTBOX_FILE: z.string().min(1).optional(),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    TWILIO_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.twilio.com'),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, hostname: /./, error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.org:587' })
      .optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .regex(/^[^\r\n]{0,200}<?[^\s@<>]+@[^\s@<>]+>?$/, 'must be an address, e.g. ShareNearby <no-reply@share.example.org>')
      .optional(),
    MAIL_OUTBOX_FILE: z.string().min(1).optional(),
    // Web Push (docs/decisions/020-web-push.md): the VAPID key pair, base64url as web-push makes them.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters), e.g. from npx web-push generate-vapid-keys')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters), e.g. from npx web-push generate-vapid-keys')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL where push services can reach you')
      .optional(),
    PUSH_ENDPOINT_HOSTS: z.string().min(1).optional(),
    BACKUP_DIR: z.string().min(1).optional(),
    BACKUP_EVERY_HOURS: positiveInt('BACKUP_EVERY_HOURS')
      .max(24 * 365, 'must be at most 8760')
      .default(24),
    BACKUP_KEEP: positiveInt('BACKUP_KEEP').max(10_000, 'must be at most 10000').default(7),
    // An age recipient (public key) or a file of them: every backup is encrypted to them (backup/encryption.ts).
    BACKUP_ENCRYPTION_KEY: z
      .string()
      .min(1)
      .transform((value, ctx) => {
        try {
          return parseRecipients(value);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
          return z.NEVER;
        }
      })
      .optional(),
    BACKUP_IDENTITY_FILE: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_REPLICA_URL?.length && !env.DATABASE_URL) {
      ctx.addIssue({ code: 'custom', path: ['DATABASE_REPLICA_URL'], message: 'read replicas need DATABASE_URL (their primary)' });
    }
    if (env.S3_BUCKET && !env.S3_PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_PUBLIC_URL'],
        message: 'S3_PUBLIC_URL (where the bucket is served from) is needed with S3_BUCKET',
      });
    }
    if (env.SMS_PROVIDER === 'twilio') {
      for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: `${key} is needed with SMS_PROVIDER=twilio` });
      }
    }
    if (env.NOTIFICATION_RETRY_MAX_MS < env.NOTIFICATION_RETRY_BASE_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['NOTIFICATION_RETRY_MAX_MS'],
        message: 'must be at least NOTIFICATION_RETRY_BASE_MS',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together' });
    }
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together' });
    }
  });

/**
 * Passwords nobody may use for a production admin: the demo accounts' password (README), defaults
 * that password lists try first, and the user name itself. Compared without case and punctuation.
 */
const WELL_KNOWN_PASSWORDS = [
  'demo-password',
  'password',
  'password123',
  'passwordpassword',
  'changeme',
  'changemenow',
  'administrator',
  'adminadmin',
  'adminpassword',
  'secretpassword',
  'letmeinplease',
  'qwertyuiop',
  '123456789012',
  'sharenearby',
  'sharenearbyadmin',
];
const normalisePassword = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

function isWellKnownPassword(password: string, username: string): boolean {
  const p = normalisePassword(password);
  return p === normalisePassword(username) || WELL_KNOWN_PASSWORDS.some((known) => normalisePassword(known) === p) || /^(.)\1*$/.test(p);
}

const MAX_PROXY_HOPS = 10;

/** An address or CIDR block (`10.0.0.0/8`, `::1`, `fd00::/8`), as proxy-addr reads them. */
function isAddressOrBlock(text: string): boolean {
  const [address, bits, extra] = text.split('/');
  const version = isIP(address ?? '');
  if (!version || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: off (unset, false, 0, no, off), a hop count (1 to 10) or a list of proxy addresses and
 * CIDR blocks. `true` is refused: it used to trust the leftmost X-Forwarded-For entry, which the
 * client chooses, so every per-address limit could be escaped by sending a new one each time.
 */
function parseTrustProxy(raw: string | undefined): { value: false | number | string[] } | { problem: string } {
  const text = raw?.trim().toLowerCase();
  if (text === undefined || ['false', '0', 'no', 'off'].includes(text)) return { value: false };
  if (['true', 'yes', 'on'].includes(text)) {
    return {
      problem:
        'TRUST_PROXY: true would believe any X-Forwarded-For a client sends; give the number of proxies in front of the app (TRUST_PROXY=1 behind one) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_PROXY_HOPS ? { value: hops } : { problem: `TRUST_PROXY: a hop count must be 1 to ${MAX_PROXY_HOPS}` };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrBlock(entry));
  if (bad.length) {
    return {
      problem: `TRUST_PROXY: must be false, a hop count (1 to ${MAX_PROXY_HOPS}) or proxy addresses/CIDR blocks separated by commas; not an address: ${bad.slice(0, 3).join(', ')}`,
    };
  }
  return { value: entries };
}

/** A DNS host name (letters, digits, hyphens, dots; not an IPv4 address). */
const isHostName = (text: string) => /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(text) && isIP(text) === 0;

const emptyToUndefined = (env: NodeJS.ProcessEnv) => Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));

/** Reads the configuration from environment variables; throws ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv, defaults: { clientDir?: string } = {}): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const production = e.NODE_ENV === 'production';
  if (e.ADMIN_USERNAME && e.ADMIN_PASSWORD) {
    if (!/^[A-Za-z0-9_.-]{3,32}$/.test(e.ADMIN_USERNAME)) {
      problems.push('ADMIN_USERNAME: must be 3 to 32 letters, digits, _, . or -');
    }
    const minAdminPassword = production ? 12 : 6;
    if (e.ADMIN_PASSWORD.length < minAdminPassword) {
      problems.push(`ADMIN_PASSWORD: must be at least ${minAdminPassword} characters${production ? ' in production' : ''}`);
    } else if (production && isWellKnownPassword(e.ADMIN_PASSWORD, e.ADMIN_USERNAME)) {
      problems.push(
        'ADMIN_PASSWORD: is the demo password, a well-known default or the user name; choose a password of your own for production',
      );
    } else if (passwordProblem(e.ADMIN_PASSWORD, e.ADMIN_USERNAME)) {
      // The rule every account's password meets (features/auth/password-policy.ts), in every environment.
      problems.push(
        passwordProblem(e.ADMIN_PASSWORD, e.ADMIN_USERNAME) === MSG.passwordHasUsername
          ? 'ADMIN_PASSWORD: contains the user name (ADMIN_USERNAME); choose a password that has nothing to do with it'
          : 'ADMIN_PASSWORD: is one of the most common passwords, which guessers try first; choose a password of your own',
      );
    }
  }
  if (production && !e.PUBLIC_URL) {
    // Absolute links (page previews' og:url and og:image) and the same-origin check of writes must
    // never come from a request's Host header, which the sender chooses.
    problems.push('PUBLIC_URL: is needed in production: the address people reach the site at, e.g. https://share.example.org');
  }
  if (production && e.SEED_DEMO === true) {
    // The demo content brings demo accounts (an admin among them) with a password printed in the README.
    problems.push('SEED_DEMO: demo content and its demo admin are never added in production; remove SEED_DEMO or set it to false');
  }
  const pushOrigins = (e.PUSH_ENDPOINT_HOSTS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry && !isHostName(entry));
  if (production && pushOrigins.length > 0) {
    // Whole origins (a scheme, a port, an address) are for a local test push service: production sends over https on port 443 only.
    problems.push(
      `PUSH_ENDPOINT_HOSTS: in production only push services' host names (pushes go over https on port 443), not ${pushOrigins.slice(0, 3).join(', ')}`,
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      "S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the SDK's own sources)",
    );
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if ('problem' in trustProxy) problems.push(trustProxy.problem);
  if (problems.length || 'problem' in trustProxy) throw new ConfigError(problems);
  return toConfig(e, trustProxy.value, defaults);
}

/** The configuration the app runs with: what `toConfig` returns, each field's comment beside it. */
export type Config = ReturnType<typeof toConfig>;

/** The configuration from the checked environment. A field added here is in `Config`. */
function toConfig(e: z.output<typeof envSchema>, trustProxy: false | number | string[], defaults: { clientDir?: string }) {
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    /** Unset: the embedded PGlite database in `dataDir/pglite`. */
    databaseUrl: e.DATABASE_URL,
    /** `memory://` runs PGlite in memory (tests); otherwise a folder. */
    pgliteDir: path.join(dataDir, 'pglite'),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    /** Read replicas of databaseUrl (docs/decisions/028-read-replicas.md); empty without. */
    databaseReplicaUrls: e.DATABASE_REPLICA_URL ?? [],
    dataDir,
    /** /readyz answers 503 while the data folders (uploads, PGlite) have less room than this (0: never for room). */
    dataDirMinFreeBytes: e.DATA_DIR_MIN_FREE_MB * 1024 * 1024,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    /** Cookies get the Secure flag when the public address is https. */
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    redisUrl: e.REDIS_URL,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, windowMs: e.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    /**
     * Attempts per account (login, reset request, reset, phone code, password check), whatever the
     * address, per window: brute force spread over many addresses still meets this one.
     */
    accountRateLimit: { max: e.ACCOUNT_RATE_LIMIT_MAX, windowMs: e.ACCOUNT_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    /** The absolute age at which every session ends, however active (SESSION_MAX_AGE_DAYS). */
    sessionMaxAgeMs: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    /**
     * GET /metrics (Prometheus): with `token`, on the app's port for that bearer token; with `port`, on
     * 127.0.0.1 at that port with no token. Neither: no metrics are served.
     */
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    /** Prefix of the rate-limit keys in Redis, so apps (or test runs) sharing one Redis can keep apart. */
    rateLimitNamespace: e.RATE_LIMIT_NAMESPACE,
    /** Messages one signed-in user may send (both message routes together) per window. */
    messageRateLimit: { max: e.MESSAGE_RATE_LIMIT_MAX, windowMs: e.MESSAGE_RATE_LIMIT_WINDOW_SECONDS * 1000 },
    /**
     * Live updates (GET /api/events): open streams allowed per signed-in user and per process (more
     * get 429), and how often a stream sends a comment line so proxies keep it open.
     */
    live: { streamsPerUser: e.LIVE_STREAMS_PER_USER, streamsMax: e.LIVE_STREAMS_MAX, heartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000 },
    /**
     * After SIGTERM, how long the process keeps its port open answering new requests with 503 (not
     * processed, so a balancer may send them to another node) before it closes (docs/deploy.md).
     */
    shutdownDrainMs: e.SHUTDOWN_DRAIN_SECONDS * 1000,
    /**
     * What one user may do (docs/decisions/009-quotas.md): rates per hour or day (429 past them) and
     * totals of things kept (409 past them). Admins are exempt from all but the upload rates.
     */
    quotas: {
      uploadsPerHour: e.UPLOAD_LIMIT_PER_HOUR,
      uploadsPerDay: e.UPLOAD_LIMIT_PER_DAY,
      itemsPerDay: e.ITEM_LIMIT_PER_DAY,
      notesPerDay: e.NOTE_LIMIT_PER_DAY,
      supportRequestsPerDay: e.SUPPORT_LIMIT_PER_DAY,
      paymentLinks: e.PAYMENT_LINK_LIMIT,
      linkedUsers: e.LINKED_USER_LIMIT,
      blocks: e.BLOCK_LIMIT,
      /** Saved alerts one account may keep (ALERT_LIMIT). */
      alerts: e.ALERT_LIMIT,
    },
    /** An upload no item uses is removed once it is this old (hourly sweep). */
    unusedUploadHours: e.UNUSED_UPLOAD_HOURS,
    /** Images decoded at once; more uploads wait their turn (each decode of a large photo takes memory). */
    imageDecodeConcurrency: e.IMAGE_DECODE_CONCURRENCY,
    /**
     * Which X-Forwarded-For entries name the client: none (false), the one this many proxies back (a
     * hop count: each proxy appends the address it saw), or the first not sent by one of these
     * addresses/CIDRs. Never "the leftmost", which the client writes itself.
     */
    trustProxy,
    logLevel: e.LOG_LEVEL,
    /** Days an item stays listed before it expires (owners can renew). */
    itemTtlDays: e.ITEM_TTL_DAYS,
    /** The notification worker of each process: how often it looks for work, and attempts before a delivery is given up. */
    notifications: {
      intervalMs: e.NOTIFICATION_INTERVAL_MS,
      maxAttempts: e.NOTIFICATION_MAX_ATTEMPTS,
      /** Hours between a person's daily e-mail digests (and from the first news held for one to the digest). */
      digestHours: e.NOTIFICATION_DIGEST_HOURS,
      /** The wait after a delivery's first failed attempt; it doubles with each further one, up to `maxRetryMs`. */
      retryBaseMs: e.NOTIFICATION_RETRY_BASE_MS,
      maxRetryMs: e.NOTIFICATION_RETRY_MAX_MS,
      /** The least time between two e-mails about one conversation to one person: news in between waits and goes as one. */
      emailWindowMs: e.NOTIFICATION_EMAIL_WINDOW_SECONDS * 1000,
      /** Bell entries and settled deliveries are removed this many days after their last change. */
      keepDays: e.NOTIFICATION_KEEP_DAYS,
    },
    /** Where a phone number typed without a country code is read (PHONE_DEFAULT_REGION, US): E.164 is stored, src/server/phone.ts. */
    phoneDefaultRegion: e.PHONE_DEFAULT_REGION,
    /** How SMS leave: the console (and an outbox file) by default, or a Twilio-compatible HTTP API. */
    sms:
      e.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio' as const,
            accountSid: e.TWILIO_ACCOUNT_SID!,
            authToken: e.TWILIO_AUTH_TOKEN!,
            from: e.TWILIO_FROM!,
            apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
          }
        : { provider: 'console' as const, outboxFile: e.SMS_OUTBOX_FILE ? path.resolve(e.SMS_OUTBOX_FILE) : undefined },
    /**
     * How e-mail leaves: through the SMTP server of `smtpUrl`, else the log (and an outbox file), as
     * the console SMS sender does. `from` is the sender every mail carries.
     */
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `${PRODUCT_NAME} <no-reply@${e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost'}>`,
      outboxFile: e.MAIL_OUTBOX_FILE ? path.resolve(e.MAIL_OUTBOX_FILE) : undefined,
    },
    /**
     * Web Push: the VAPID keys from the environment (unset: made once and kept in the database outside
     * production; off in production), who push services may contact, and the push services a
     * subscription may name (host suffixes, or whole origins for a local test service).
     */
    push: {
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT ?? (e.PUBLIC_URL?.startsWith('https://') ? e.PUBLIC_URL : 'mailto:admin@localhost'),
      endpointHosts: (e.PUSH_ENDPOINT_HOSTS ?? DEFAULT_PUSH_HOSTS)
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    },
    /** The map's public settings (GET /api/config sends them as they are). */
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION },
    /**
     * MAP_SEARCH_MAX_ITEMS: a map with a search or a tag is grouped at request time, from the keys of
     * the cells around the view (decision 033) or from every listed item of the area (decision 021);
     * an area holding more than this many is refused (zoom in).
     */
    mapSearchMaxItems: e.MAP_SEARCH_MAX_ITEMS,
    /** Images go to this S3-compatible bucket when set, else to `dataDir/uploads`. */
    s3:
      e.S3_BUCKET && e.S3_PUBLIC_URL
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            publicUrl: e.S3_PUBLIC_URL.replace(/\/+$/, ''),
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    /** Scheduled backups (BACKUP_DIR): one every `everyHours`, the newest `keep` kept. */
    backup: e.BACKUP_DIR ? { dir: path.resolve(e.BACKUP_DIR), everyHours: e.BACKUP_EVERY_HOURS, keep: e.BACKUP_KEEP } : undefined,
    /** BACKUP_ENCRYPTION_KEY's age recipients: every backup file is encrypted to them. */
    backupRecipients: e.BACKUP_ENCRYPTION_KEY,
    /** BACKUP_IDENTITY_FILE: the identity restore decrypts with (read by restore only, never by the server). */
    backupIdentityFile: e.BACKUP_IDENTITY_FILE ? path.resolve(e.BACKUP_IDENTITY_FILE) : undefined,
    /** Folder of the built client; undefined serves no client (API-only). */
    clientDir: defaults.clientDir,
  };
}
