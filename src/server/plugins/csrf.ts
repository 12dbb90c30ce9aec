import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../shared/messages.js';
import { forbidden } from '../errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Csrf {
  /** Issues a token bound to this browser's secret cookie (setting the cookie when it has none). */
  issue(request: FastifyRequest, reply: FastifyReply): string;
  /** onRequest hook: refuses an unsafe /api request without a valid X-CSRF-Token. */
  check(request: FastifyRequest): void;
}

const mac = (secret: string, salt: string) => createHmac('sha256', secret).update(salt).digest('base64url');

/**
 * Double-submit token with a secret cookie: the secret sits in an HttpOnly cookie another site can
 * neither read nor set, the token is salt + HMAC(secret, salt). Nothing is stored on the server,
 * so any app process can check any token, and the token survives sign-in and sign-out.
 */
export function createCsrf({ secure }: { secure: boolean }): Csrf {
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
      if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
      const secret = request.cookies[cookieName];
      const header = request.headers['x-csrf-token'];
      const token = Array.isArray(header) ? undefined : header;
      if (!secret || !token || token.length > 200) throw forbidden(MSG.invalidCsrf);
      const [salt, signature] = token.split('.');
      if (!salt || !signature) throw forbidden(MSG.invalidCsrf);
      const expected = Buffer.from(mac(secret, salt));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw forbidden(MSG.invalidCsrf);
    },
  };
}

/** Decorates `csrf`, whose secret lives in a cookie. */
export const csrfPlugin = fp(
  async (app) => {
    app.decorate('csrf', createCsrf({ secure: app.config.secureCookies }));
  },
  { name: 'csrf', dependencies: ['@fastify/cookie'], decorators: { fastify: ['config'] } },
);
