import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_INVALID_CODE } from '#shared/constants.js';
import { MSG } from '#shared/messages.js';
import { AppError, forbidden } from '../errors.js';
import { syncPlugin } from './sync-plugin.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A refused token says so in `code` too (the client fetches a new token and tries once more, whatever the language). */
const csrfRefused = () => new AppError(403, MSG.invalidCsrf, { code: CSRF_INVALID_CODE });

export interface Csrf {
  /** Issues a token bound to this browser's secret cookie (setting the cookie when it has none). */
  issue(request: FastifyRequest, reply: FastifyReply): string;
  /**
   * onRequest hook of the API routes (registered inside the `/api` plugin, so it applies to the
   * matched route whatever spelling of the path reached it): refuses an unsafe request that a
   * browser says came from another site, then one without a valid X-CSRF-Token.
   */
  check(request: FastifyRequest): void;
}

/**
 * A second layer under the token: what the browser itself says about where a write comes from.
 * `Sec-Fetch-Site` (every current browser) must be `same-origin` (or `none`, typed by the user); a
 * sibling subdomain (`same-site`) counts as another site. Without it, an `Origin` must be this
 * site's: PUBLIC_URL's origin, or (PUBLIC_URL unset) the address the request was sent to. Clients
 * that send neither header (scripts, curl, the tests) are left to the token rule alone.
 */
function isCrossSite(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  if (request.headers.origin === undefined) return false;
  const origin = originOf(request.headers.origin);
  return origin === undefined || origin !== originOf(publicUrl ?? `${request.protocol}://${request.host}`);
}

/** An origin in its one normal form (lower case, no default port), or undefined when it is none (`null`, garbage). */
function originOf(text: string): string | undefined {
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

const mac = (secret: string, salt: string) => createHmac('sha256', secret).update(salt).digest('base64url');

/**
 * Double-submit token with a secret cookie: the secret sits in an HttpOnly cookie another site can
 * neither read nor set, the token is salt + HMAC(secret, salt). Nothing is stored on the server,
 * so any app process can check any token, and the token survives sign-in and sign-out.
 */
function createCsrf({ secure, publicUrl }: { secure: boolean; publicUrl?: string }): Csrf {
  const cookieName = secure ? '__Host-csrf' : 'csrf';
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };

  return {
    issue(request, reply) {
      let secret = request.cookies[cookieName];
      if (!secret || !/^[A-Za-z0-9_-]{43}$/.test(secret)) {
        secret = randomBytes(32).toString('base64url');
        // Lasts as long as the longest session, so a remembered sign-in keeps a valid token.
        reply.setCookie(cookieName, secret, { ...cookieOptions, maxAge: 60 * 60 * 24 * 31 });
        request.cookies[cookieName] = secret;
      }
      const salt = randomBytes(12).toString('base64url');
      return `${salt}.${mac(secret, salt)}`;
    },
    check(request) {
      if (!UNSAFE.has(request.method)) return;
      if (isCrossSite(request, publicUrl)) throw forbidden(MSG.crossSiteRequest);
      const secret = request.cookies[cookieName];
      const header = request.headers['x-csrf-token'];
      const token = Array.isArray(header) ? undefined : header;
      if (!secret || !token || token.length > 200) throw csrfRefused();
      const [salt, signature] = token.split('.');
      if (!salt || !signature) throw csrfRefused();
      const expected = Buffer.from(mac(secret, salt));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw csrfRefused();
    },
  };
}

/** Decorates `csrf`, whose secret lives in a cookie. */
export const csrfPlugin = fp(
  syncPlugin((app: FastifyInstance) => {
    app.decorate('csrf', createCsrf({ secure: app.config.secureCookies, publicUrl: app.config.publicUrl }));
  }),
  { name: 'csrf', dependencies: ['@fastify/cookie'], decorators: { fastify: ['config'] } },
);
