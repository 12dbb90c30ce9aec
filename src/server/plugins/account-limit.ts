import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages.js';
import { waitText } from '../../shared/quotas.js';
import { AppError } from '../errors.js';

/**
 * A per-account limit (issue 7, ASVS 2.2.1) on top of a route's per-address one: guesses at one
 * account's password or code spread over many addresses still meet it. It runs as a preHandler,
 * after validation, so the key can come from the body (a username, case-insensitive) or the
 * session (a user id). It counts in the store of the per-address limits: Redis when REDIS_URL is
 * set (shared by every app process), else memory. Make one per name and give it to every route
 * that shares the count.
 *
 * @fastify/rate-limit runs only one limiter per request (it marks the request), so a second
 * `app.rateLimit()` hook after a route's own limit would be skipped; this one asks the store
 * through `createRateLimit` and answers the 429 itself, in the same words.
 */
export function perAccountLimit(app: FastifyInstance, name: string, accountOf: (request: FastifyRequest) => string | Promise<string>) {
  const check = app.createRateLimit({
    max: app.config.accountRateLimit.max,
    timeWindow: app.config.accountRateLimit.windowMs,
    keyGenerator: async (request) => `account:${name}:${await accountOf(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const outcome = await check(request);
    if (outcome.isAllowed || !outcome.isExceeded) return;
    reply.header('retry-after', String(outcome.ttlInSeconds));
    throw new AppError(429, `${MSG.tooManyRequests} (in ${waitText(outcome.ttlInSeconds)})`);
  };
}

/** The account a username names, for keys: trimmed and in lower case, as usernames are unique. */
export const usernameKey = (request: FastifyRequest) => String((request.body as { username?: unknown }).username ?? '').trim().toLowerCase();
