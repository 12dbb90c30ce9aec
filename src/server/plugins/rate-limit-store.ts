import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Count {
  current: number;
  startMs: number;
  windowMs: number;
}

/** How often a store drops the counts whose window has ended. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The in-process store of the rate limits (without REDIS_URL). @fastify/rate-limit's own keeps the
 * last 5,000 keys of each limit and drops the least recently used: 5,000 attempts at other
 * usernames pushed a locked account out, and its lock with it. Here a count stays until its window
 * has ended, whatever else comes in. Memory is bounded by the per-address limits instead: a
 * per-account count is made only by a request its address's limit let through, so one address adds
 * at most `AUTH_RATE_LIMIT_MAX` keys a minute to a limit, each about 150 bytes, gone when its window
 * ends (decision 003).
 */
export class ExpiringStore implements FastifyRateLimitStore {
  private readonly counts = new Map<string, Count>();
  private nextSweep = Date.now() + SWEEP_EVERY_MS;

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    this.sweep(now);
    let count = this.counts.get(key);
    if (!count || count.startMs + count.windowMs <= now) {
      count = { current: 0, startMs: now, windowMs: timeWindow };
      this.counts.set(key, count);
    }
    count.current++;
    callback(null, { current: count.current, ttl: count.startMs + count.windowMs - now });
  }

  /** The count without adding to it (`check(request, { increment: false })`). */
  read(key: string, callback: Callback): void {
    const now = Date.now();
    const count = this.counts.get(key);
    if (!count || count.startMs + count.windowMs <= now) callback(null, { current: 0, ttl: 0 });
    else callback(null, { current: count.current, ttl: count.startMs + count.windowMs - now });
  }

  /** Each route's limit, and each `createRateLimit`, counts in a store of its own. */
  child(): ExpiringStore {
    return new ExpiringStore();
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, count] of this.counts) if (count.startMs + count.windowMs <= now) this.counts.delete(key);
  }
}

/** The plugin's own Redis store (its Lua script and key layout), which its types do not export. */
type SharedStore = FastifyRateLimitStore & { read(key: string, callback: Callback, timeWindow: number, max: number): void };
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => SharedStore;

type Log = { warn(msg: string): void; info(msg: string): void };
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * The counts of one limit in Redis, shared by every app process, and in this process while Redis
 * does not answer (not connected, or a command failed or timed out): a Redis outage falls back to
 * the per-process limit, never to none, and back to Redis once it answers. Counts made in this
 * process meanwhile are not carried over (decision 003).
 */
class SharedOrLocalStore implements FastifyRateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly shared: SharedStore,
    private readonly local: ExpiringStore,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    if (this.redis.status !== 'ready') return this.local.incr(key, callback, timeWindow);
    this.shared.incr(key, (err, result) => (err ? this.local.incr(key, callback, timeWindow) : callback(null, result)), timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    if (this.redis.status !== 'ready') return this.local.read(key, callback);
    this.shared.read(key, (err, result) => (err ? this.local.read(key, callback) : callback(null, result)), timeWindow, max);
  }

  child(routeOptions: RouteOptions): SharedOrLocalStore {
    return new SharedOrLocalStore(this.redis, this.shared.child(routeOptions) as SharedStore, this.local.child());
  }
}

/**
 * The store of the rate limits with REDIS_URL (`store` of @fastify/rate-limit): Redis's counts, this
 * process's while Redis does not answer. Logs once when Redis stops answering and once when it is back.
 */
export function sharedOrLocalStore(redis: Redis, nameSpace: string, log: Log) {
  // Made with the connection, before it is up: a connection that fails says so by an error.
  let answering = true;
  const down = () => {
    if (!answering) return;
    answering = false;
    log.warn('Redis does not answer: rate limits count in this process until it does');
  };
  // ioredis reconnects by itself; without an error listener it would print every failed attempt.
  redis.on('error', down).on('close', down);
  redis.on('ready', () => {
    if (answering) return;
    answering = true;
    log.info('Redis answers again: rate limits are shared again');
  });
  return class extends SharedOrLocalStore {
    // The plugin makes its store with its global settings.
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        redis,
        new RedisStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false, redis, nameSpace),
        new ExpiringStore(),
      );
    }
  };
}
