import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { getSecret } from '../db/secrets.js';
import { syncPlugin } from './sync-plugin.js';

/** How long a browser stays a known device for an account after signing in there. */
const DEVICE_COOKIE_DAYS = 180;
const NONCE = /^[\w-]{22}$/;

export interface DeviceCookies {
  /**
   * The id of this request's device cookie when it is genuine (signed with the server's secret) and
   * was issued to this username (any letter case) on a successful sign-in; otherwise null.
   */
  knownDevice(request: FastifyRequest, username: string): Promise<string | null>;
  /** After a successful sign-in: a fresh device cookie for this username (a new id, so a fresh budget). */
  issue(reply: FastifyReply, username: string): Promise<void>;
}

/**
 * Device cookies (OWASP's "Slow down online guessing attacks with device cookies"): a browser that
 * signed in to an account before can keep signing in while strangers' failures have that account
 * locked, with a smaller budget of its own. The cookie is `id.HMAC(secret, username:id)`; the
 * secret is made once per database (app_secrets), so every app process accepts every other's
 * cookies and nothing needs configuring.
 */
export function createDeviceCookies({ db, secure }: { db: Db; secure: boolean }): DeviceCookies {
  const cookieName = secure ? '__Host-device' : 'device';
  let secret: Promise<string> | undefined;
  const key = () =>
    (secret ??= getSecret(db, 'device-cookie').catch((err: unknown) => {
      secret = undefined; // a database hiccup is not remembered: the next sign-in asks again
      throw err;
    }));
  const sign = async (username: string, id: string) =>
    createHmac('sha256', await key())
      .update(`${username.toLowerCase()}:${id}`)
      .digest('base64url');

  return {
    async knownDevice(request, username) {
      const value = request.cookies[cookieName];
      if (!value || value.length > 100) return null;
      const [id = '', signature = ''] = value.split('.');
      if (!NONCE.test(id)) return null;
      const expected = Buffer.from(await sign(username, id));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
    },
    async issue(reply, username) {
      const id = randomBytes(16).toString('base64url');
      reply.setCookie(cookieName, `${id}.${await sign(username, id)}`, {
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
