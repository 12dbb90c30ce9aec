import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { getSecret } from '../db/secrets.js';
import { findUserById } from '../users/repository.js';
import { syncPlugin } from './sync-plugin.js';

/** How long a browser stays a known device for an account after signing in there. */
const DEVICE_COOKIE_DAYS = 180;
const NONCE = /^[\w-]{22}$/;
const USER_ID = /^[1-9]\d{0,9}$/;

export interface DeviceCookies {
  /**
   * The id of this request's device cookie when it is genuine (signed with the server's secret) and
   * was issued to this username (any letter case) on a successful sign-in; otherwise null.
   */
  knownDevice(request: FastifyRequest, username: string): Promise<string | null>;
  /** The account this request's genuine device cookie was issued to (a browser it signed in on), or null. */
  account(request: FastifyRequest): Promise<number | null>;
  /** After a successful sign-in: a fresh device cookie for this account (a new id, so a fresh budget). */
  issue(reply: FastifyReply, user: { id: number; username: string }): Promise<void>;
}

/**
 * Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): a browser that
 * signed in to an account before can keep signing in while strangers' failures have that account
 * locked, with a smaller budget of its own. The cookie is `id.userId.HMAC(secret, username:id:userId)`
 * (the user id names the account for the registration check: plugins/suspension.ts); cookies made
 * before it was there, `id.HMAC(secret, username:id)`, still count at sign-in. The secret is made
 * once per database (app_secrets), so every app process accepts every other's cookies and nothing
 * needs configuring.
 */
function createDeviceCookies({ db, secure }: { db: Db; secure: boolean }): DeviceCookies {
  const cookieName = secure ? '__Host-device' : 'device';
  let secret: Promise<string> | undefined;
  const key = () =>
    (secret ??= getSecret(db, 'device-cookie').catch((err: unknown) => {
      secret = undefined; // a database hiccup is not remembered: the next sign-in asks again
      throw err;
    }));
  const sign = async (username: string, id: string, userId?: number) =>
    createHmac('sha256', await key())
      .update(userId === undefined ? `${username.toLowerCase()}:${id}` : `${username.toLowerCase()}:${id}:${userId}`)
      .digest('base64url');
  /** The cookie's parts: its id, the account id it names (none in the older form) and its signature. */
  const parts = (request: FastifyRequest) => {
    const value = request.cookies[cookieName];
    if (!value || value.length > 120) return null;
    const fields = value.split('.');
    const [id = '', userId, signature = ''] = fields.length === 3 ? fields : [fields[0], undefined, fields[1]];
    if (!NONCE.test(id) || fields.length > 3 || (userId !== undefined && !USER_ID.test(userId))) return null;
    return { id, userId: userId === undefined ? undefined : Number(userId), signature };
  };
  const genuine = async (p: { id: string; userId?: number; signature: string }, username: string) => {
    const expected = Buffer.from(await sign(username, p.id, p.userId));
    const given = Buffer.from(p.signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  return {
    async knownDevice(request, username) {
      const p = parts(request);
      return p && (await genuine(p, username)) ? p.id : null;
    },
    async account(request) {
      const p = parts(request);
      if (!p || p.userId === undefined) return null;
      const user = await findUserById(db, p.userId);
      return user && (await genuine(p, user.username)) ? user.id : null;
    },
    async issue(reply, user) {
      const id = randomBytes(16).toString('base64url');
      reply.setCookie(cookieName, `${id}.${user.id}.${await sign(user.username, id, user.id)}`, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        expires: new Date(Date.now() + DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000),
      });
    },
  };
}

/** Decorates `devices`: the signed cookies that let a known browser sign in while strangers have an account locked. */
export const devicesPlugin = fp(
  syncPlugin((app: FastifyInstance) => {
    app.decorate('devices', createDeviceCookies({ db: app.db, secure: app.config.secureCookies }));
  }),
  { name: 'devices', dependencies: ['database', '@fastify/cookie'], decorators: { fastify: ['config'] } },
);
