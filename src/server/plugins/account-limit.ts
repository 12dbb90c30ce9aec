import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withValues } from '#shared/i18n.js';
import { MSG } from '#shared/messages.js';
import { waitValues } from '#shared/quotas.js';
import { AppError } from '../errors.js';
import type { DeviceCookies } from './device-cookie.js';

/**
 * A per-account limit (ASVS 2.2.1) on top of a route's per-address one: guesses at one
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
  // One limit per name and app, whichever feature asks for it: the routes of several features
  // (the password checks of account and e-mail routes) then count against one budget, in memory too.
  const made = limitsOfApp.get(app.config) ?? new Map<string, AccountLimit>();
  limitsOfApp.set(app.config, made);
  const existing = made.get(name);
  if (existing) return existing;
  const check = accountCheck(app, `account:${name}`, app.config.accountRateLimit.max, accountOf);
  const limit: AccountLimit = async (request, reply) => {
    const { allowed, waitSeconds } = await check(request);
    if (!allowed) refuse(reply, waitSeconds);
  };
  made.set(name, limit);
  return limit;
}
type AccountLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
/** The limits made so far, per app (its config object: the same in every encapsulated feature) and name. */
const limitsOfApp = new WeakMap<object, Map<string, AccountLimit>>();

/** Counts one attempt under `prefix:key`; answers whether it is within `max` for the window, and how long until it is. */
function accountCheck(app: FastifyInstance, prefix: string, max: number, keyOf: (request: FastifyRequest) => string | Promise<string>) {
  const limiter = app.createRateLimit({
    max,
    timeWindow: app.config.accountRateLimit.windowMs,
    keyGenerator: async (request) => `${prefix}:${await keyOf(request)}`,
  });
  return async (request: FastifyRequest) => {
    const outcome = await limiter(request);
    return { allowed: outcome.isAllowed || !outcome.isExceeded, waitSeconds: outcome.isAllowed ? 0 : outcome.ttlInSeconds };
  };
}

function refuse(reply: FastifyReply, seconds: number): never {
  reply.header('retry-after', String(seconds));
  throw new AppError(429, withValues(MSG.tooManyRequestsIn, waitValues(seconds)));
}

const knownDevices = new WeakMap<FastifyRequest, string>();

/**
 * The sign-in limit per account, with device cookies: a browser holding a genuine device cookie of
 * this username (it signed in here before) counts against a budget of its own, a quarter of the
 * account's, instead of the account's. So strangers' failures that lock the account do not lock
 * out its owner on a device they used before. A device that spent its own budget is treated like
 * any other browser: it counts against the account's budget, and is refused while that is spent.
 * Every successful sign-in gets a new device cookie, so a device's budget counts its attempts since
 * its last success.
 */
export function loginLimit(app: FastifyInstance, devices: DeviceCookies) {
  const { max } = app.config.accountRateLimit;
  const account = accountCheck(app, 'account:login', max, usernameKey);
  const device = accountCheck(app, 'device:login', Math.max(1, Math.floor(max / 4)), (request) => knownDevices.get(request) ?? '');
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const id = await devices.knownDevice(request, usernameKey(request));
    if (id) {
      knownDevices.set(request, id);
      if ((await device(request)).allowed) return;
    }
    const { allowed, waitSeconds } = await account(request);
    if (!allowed) refuse(reply, waitSeconds);
  };
}

/**
 * The account a username names, for keys: trimmed and in lower case, as usernames are unique. It runs
 * after the body schema, which made the username a string.
 */
export const usernameKey = (request: FastifyRequest) => {
  const { username } = request.body as { username?: unknown };
  return (typeof username === 'string' ? username : '').trim().toLowerCase();
};
