import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Language, LANGUAGE_COOKIE } from '#shared/i18n.js';
import { chooseLanguage } from '../i18n.js';
import { syncPlugin } from './sync-plugin.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The language to answer in: the signed-in person's stored choice, else the device's cookie,
     * else Accept-Language, else English. `account: false` skips the stored choice (no database read).
     */
    language(options?: { account?: boolean }): Promise<Language>;
  }
}

/** Decorates every request with `language()` (src/server/i18n.ts reads the catalogues). */
export const languagePlugin = fp(
  syncPlugin((app: FastifyInstance) => {
    app.decorateRequest('language', async function language(this: FastifyRequest, { account = true } = {}) {
      // The session is looked up only when there is one (its look-up is cached for the request).
      const stored = account && this.cookies[app.sessions.cookieName] ? (await app.sessions.user(this))?.language : undefined;
      return chooseLanguage(stored, this.cookies[LANGUAGE_COOKIE], this.headers['accept-language']);
    });
  }),
  { name: 'language', dependencies: ['sessions', '@fastify/cookie'] },
);
