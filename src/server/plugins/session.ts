import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { REMEMBER_ME_DAYS } from '#shared/constants.js';
import type { SessionUser } from '#shared/auth.js';
import { languageOrUndefined } from '#shared/i18n.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { endSessionStreams, endUserStreams } from './live.js';
import { syncPlugin } from './sync-plugin.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PERSISTENT_MS = REMEMBER_ME_DAYS * DAY_MS;
/** A browser-session cookie has no expiry of its own; the server still ends it after a day idle. */
const BROWSER_SESSION_IDLE_MS = DAY_MS;
/** Sliding expiry is written at most this often per session, not on every request. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

interface SessionOptions {
  db: Db;
  secure: boolean;
  /**
   * Every session ends this long after its sign-in, however active it is: renewal never moves its
   * expiry past that, so a stolen cookie cannot be kept alive for ever (SESSION_MAX_AGE_DAYS).
   */
  maxAgeMs: number;
}

export interface Sessions {
  cookieName: string;
  /** onRequest hook: lets a later lookup renew the cookie on this request's reply. */
  attach(request: FastifyRequest, reply: FastifyReply): void;
  /** The signed-in user of this request (looked up once, on first use), or null. */
  user(request: FastifyRequest): Promise<SessionUser | null>;
  /** This request's session (its id is the token's hash, never the token) and when it ends, or null for a visitor. */
  current(request: FastifyRequest): Promise<{ user: SessionUser; sessionId: string; expiresAt: Date } | null>;
  /** The signed-in user's suspension now in force (plugins/suspension.ts), or null. */
  suspension(request: FastifyRequest): Promise<Suspension | null>;
  /** Whether this request's session was made with "Remember me". */
  isPersistent(request: FastifyRequest): Promise<boolean>;
  /** Starts a new session for the user (a fresh token: a pre-login session id is never reused) and sets its cookie. */
  start(request: FastifyRequest, reply: FastifyReply, userId: number, persistent: boolean): Promise<void>;
  /** Ends this request's session on the server and clears its cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Ends every session of a user (password change, reset, deletion). */
  endAllFor(userId: number): Promise<void>;
  /** Deletes sessions past their expiry or their absolute age. */
  purgeExpired(): Promise<number>;
}

/** A suspension in force: until when (null: permanently, until an admin lifts it), and why. */
export type Suspension = { until: Date | null; reason: string };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Cached = {
  user: SessionUser | null;
  sessionId: string | null;
  persistent: boolean;
  expiresAt?: Date;
  suspension?: Suspension | null;
};
const cache = new WeakMap<FastifyRequest, Promise<Cached>>();
// A renewed persistent session re-sends its cookie, which needs the request's reply.
const replies = new WeakMap<FastifyRequest, FastifyReply>();

/** Server-side sessions in the database: any app process can serve any user. */
function createSessions({ db, secure, maxAgeMs }: SessionOptions): Sessions {
  // The __Host- prefix pins the cookie to this exact host and path, and requires Secure.
  const cookieName = secure ? '__Host-sid' : 'sid';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  const maxAge = sql`make_interval(secs => ${maxAgeMs / 1000})`;
  /** The expiry of a session made at `createdAt`, renewed now: a full lifetime, but never past its absolute end. */
  const expiryFor = (createdAt: number, persistent: boolean) =>
    new Date(Math.min(Date.now() + (persistent ? PERSISTENT_MS : BROWSER_SESSION_IDLE_MS), createdAt + maxAgeMs));

  async function lookup(request: FastifyRequest, reply: FastifyReply | undefined): Promise<Cached> {
    const token = request.cookies[cookieName];
    if (!token || token.length > 100) return { user: null, sessionId: null, persistent: false };
    const id = hashToken(token);
    const [row] = await db
      .select({
        id: users.id,
        username: users.username,
        isAdmin: users.isAdmin,
        language: users.language,
        distanceUnit: users.distanceUnit,
        // A suspension in force (migration 0030): read with the session, no second query per write.
        suspendedUntil: sql<Date | null>`CASE WHEN ${users.suspendedUntil} > now() THEN ${users.suspendedUntil} END`.mapWith(
          users.suspendedUntil,
        ),
        suspensionReason: users.suspensionReason,
        suspendedPermanently: users.suspendedPermanently,
        persistent: sessions.persistent,
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      // The age check also ends rows whose expiry was set further out, e.g. before the absolute limit existed.
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, sql`now()`), gt(sessions.createdAt, sql`now() - ${maxAge}`)))
      .limit(1);
    if (!row) return { user: null, sessionId: null, persistent: false };

    const expiresAt = expiryFor(row.createdAt.getTime(), row.persistent);
    const renewed = expiresAt.getTime() - row.expiresAt.getTime() > RENEW_AFTER_MS;
    if (renewed) {
      await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
      if (row.persistent && reply) reply.setCookie(cookieName, token, { ...cookieOptions, expires: expiresAt });
    }
    return {
      user: {
        id: row.id,
        username: row.username,
        isAdmin: row.isAdmin,
        language: languageOrUndefined(row.language) ?? null,
        distanceUnit: row.distanceUnit,
      },
      sessionId: id,
      persistent: row.persistent,
      suspension:
        row.suspendedPermanently || row.suspendedUntil
          ? { until: row.suspendedPermanently ? null : row.suspendedUntil, reason: row.suspensionReason ?? '' }
          : null,
      // When it ends: as renewed now, never past its absolute end (older rows may say later).
      expiresAt: new Date(Math.min((renewed ? expiresAt : row.expiresAt).getTime(), row.createdAt.getTime() + maxAgeMs)),
    };
  }

  function cached(request: FastifyRequest): Promise<Cached> {
    let entry = cache.get(request);
    if (!entry) {
      entry = lookup(request, replies.get(request));
      cache.set(request, entry);
    }
    return entry;
  }

  return {
    cookieName,
    attach(request, reply) {
      replies.set(request, reply);
    },
    async user(request) {
      return (await cached(request)).user;
    },
    async current(request) {
      const { user, sessionId, expiresAt } = await cached(request);
      return user && sessionId && expiresAt ? { user, sessionId, expiresAt } : null;
    },
    async suspension(request) {
      return (await cached(request)).suspension ?? null;
    },
    async isPersistent(request) {
      return (await cached(request)).persistent;
    },
    async start(request, reply, userId, persistent) {
      const previous = request.cookies[cookieName];
      if (previous && previous.length <= 100) await db.delete(sessions).where(eq(sessions.id, hashToken(previous)));
      const token = randomBytes(32).toString('base64url');
      const createdAt = Date.now();
      const expiresAt = expiryFor(createdAt, persistent);
      await db.insert(sessions).values({ id: hashToken(token), userId, persistent, createdAt: new Date(createdAt), expiresAt });
      reply.setCookie(cookieName, token, persistent ? { ...cookieOptions, expires: expiresAt } : cookieOptions);
      cache.delete(request);
    },
    async end(request, reply) {
      const token = request.cookies[cookieName];
      if (token && token.length <= 100) {
        const id = hashToken(token);
        await db.delete(sessions).where(eq(sessions.id, id));
        // Its live updates stream, in whichever process, ends with it.
        await endSessionStreams(db, id);
      }
      reply.clearCookie(cookieName, cookieOptions);
      cache.set(request, Promise.resolve({ user: null, sessionId: null, persistent: false }));
    },
    async endAllFor(userId) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      await endUserStreams(db, userId);
    },
    async purgeExpired() {
      const deleted = await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.createdAt, sql`now() - ${maxAge}`)))
        .returning({ id: sessions.id });
      return deleted.length;
    },
  };
}

/** Decorates `sessions`, kept in the database and named by a cookie. */
export const sessionsPlugin = fp(
  syncPlugin((app: FastifyInstance) => {
    app.decorate('sessions', createSessions({ db: app.db, secure: app.config.secureCookies, maxAgeMs: app.config.sessionMaxAgeMs }));
  }),
  { name: 'sessions', dependencies: ['database', '@fastify/cookie'], decorators: { fastify: ['config'] } },
);
