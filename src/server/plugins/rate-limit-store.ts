import type { FastifyRateLimitStore } from '@fastify/rate-limit';

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
