// While the database cannot be reached every request that needs it fails, and so do the pool's idle
// connections, the live-updates channel and each round of the notification worker. Logged one by
// one, with the statement and its stack, one poller wrote kilobytes a second. Instead the first
// failure is logged at once and the rest are counted: one line per interval says how many failed,
// by what, with the driver's code and message (never a statement or its values).
import { sqlState } from './db/client.js';

/** Connection failures and server shutdowns: the database is away, not the request at fault. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

// What node-postgres says when the connection died (a transaction's ROLLBACK then fails with "not
// queryable", hiding the first error), when no connection could be made in time, and when the pool
// has been closed by a shutdown while a request was still running.
const CONNECTION_LOST =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Cannot use a pool after calling end on the pool/i;

/** Whether an error (or one it wraps) says the database could not be reached. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return sqlState(err)?.startsWith('08') ?? false;
}

type Chain = { code?: unknown; message?: unknown; cause?: unknown };

/**
 * The driver's own code and message: those of the innermost error a query wrapper (Drizzle's,
 * whose message holds the statement and its values) carries, never the wrapper's.
 */
function driverError(err: unknown): { code?: string; error: string } {
  let inner = err as Chain;
  let code: string | undefined;
  for (let e = err as Chain | undefined, depth = 0; e && depth < 5; depth++, e = e.cause as Chain | undefined) {
    inner = e;
    if (typeof e.code === 'string') code = e.code;
  }
  const message = typeof inner.message === 'string' && inner.message ? inner.message : 'no message';
  return { code, error: message };
}

type Log = { error(obj: object, msg: string): void };
type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** The interval of the summary lines. */
const OUTAGE_LOG_INTERVAL_MS = 10_000;

/** Failures for want of the database, logged as one line per interval (see the top of this file). */
export class DatabaseOutage {
  /** Requests answered 503 because the database could not be reached, since the start (the metric). */
  requestsFailed = 0;
  private counts = new Map<string, number>();
  private last: { code?: string; error: string } | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly log: Log) {}

  /** A request that failed because the database could not be reached. */
  requestFailed(err: unknown): void {
    this.requestsFailed++;
    this.count('requests', err);
  }

  /** Counts `err` under `what` when it says the database could not be reached (true), else leaves it to the caller (false). */
  report(err: unknown, what: string): boolean {
    if (!isDatabaseUnavailable(err)) return false;
    this.count(what, err);
    return true;
  }

  /** `log` with its database-unreachable errors (`{ err }`) counted here instead of written. */
  logger(log: Logger): Logger {
    return {
      warn: (obj, msg) => {
        if (!this.report((obj as { err?: unknown }).err, msg)) log.warn(obj, msg);
      },
      error: (obj, msg) => {
        if (!this.report((obj as { err?: unknown }).err, msg)) log.error(obj, msg);
      },
    };
  }

  /** Writes what is still counted (at shutdown). */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flush();
  }

  private count(what: string, err: unknown): void {
    this.last = driverError(err);
    if (!this.timer) {
      // The first failure after a quiet interval is said at once; the next ones at the interval's end.
      this.log.error({ ...this.last, failed: { [what]: 1 } }, 'database unreachable');
      this.timer = setTimeout(() => this.tick(), OUTAGE_LOG_INTERVAL_MS).unref();
      return;
    }
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }

  private tick(): void {
    // An interval without a failure ends the outage's lines.
    this.timer = this.flush() ? setTimeout(() => this.tick(), OUTAGE_LOG_INTERVAL_MS).unref() : undefined;
  }

  private flush(): boolean {
    if (this.counts.size === 0) return false;
    const failed = Object.fromEntries(this.counts);
    this.counts.clear();
    this.log.error({ ...this.last, failed, seconds: OUTAGE_LOG_INTERVAL_MS / 1000 }, 'database still unreachable');
    return true;
  }
}
