// The notification worker (docs/decisions/014-notifications-outbox.md). Every app process runs one:
// woken by a timer (and after each write request), it claims outbox events with FOR UPDATE SKIP
// LOCKED, turns each into the in-app entry and the deliveries of the other channels, then sends
// the due deliveries through each channel's implementation with retries, back-off and a give-up.
import { type Channel, CHANNEL_MODES, DEFAULT_PREFERENCES, type NotificationType, type Preferences } from '#shared/notification-rules.js';
import type { Db } from '../../db/client.js';
import {
  blockedBetween,
  claimDeliveries,
  claimEvents,
  type DeliveryRow,
  deleteEvent,
  type EventRow,
  insertDeliveries,
  insertInAppNotification,
  listingEventStands,
  lockSubjects,
  recordEventFailure,
  selectPreferences,
  settleDelivery,
} from './repository.js';

export type { DeliveryRow };

/** What a channel's `deliver` may answer instead of "sent": not now (a digest, a coalescing window), due again at `at`. */
interface Postpone {
  later: Date;
}

/** What a channel's `deliver` answers when there is nothing to send, for good (no verified address; already sent with others). */
interface Dropped {
  dropped: true;
}

/**
 * A channel other than the app (e-mail, push): the worker hands it each due delivery. Resolving means
 * sent; throwing means this attempt failed (retried with back-off, given up after the last);
 * `{ later }` waits without using an attempt; `{ dropped }` settles it with nothing sent.
 */
export interface NotificationChannel {
  name: string;
  /** Whether this person can be reached this way at all (push: a device has it on); none: everyone. No rows are written for others. */
  accepts?(db: Db, userId: number): Promise<boolean>;
  deliver(delivery: DeliveryRow): Promise<void | Postpone | Dropped>;
}

/**
 * Work another feature hands to the worker, done at the start of each round, before the events (which
 * it may write): e.g. matching posted items against saved alerts. `run` handles at most `limit` due
 * units in the worker's transaction (claimed FOR UPDATE SKIP LOCKED, each in a savepoint, recording
 * its own failures with `retryDelayMs` and giving up after `maxAttempts`) and answers how many it took.
 */
export interface WorkerTask {
  name: string;
  run(tx: Db, opts: { limit: number; maxAttempts: number; retryDelayMs: (attempts: number) => number }): Promise<number>;
}

export interface WorkerOptions {
  /** How often the loop looks for work when nothing wakes it. */
  intervalMs: number;
  /** Attempts of an event or a delivery before it is given up. */
  maxAttempts: number;
  /** The wait after the first failed attempt; it doubles with each, up to `maxRetryMs`. */
  retryBaseMs?: number;
  maxRetryMs?: number;
  /** How long a claimed delivery is this worker's before another may try it (a process that died mid-send). */
  leaseMs?: number;
  batchSize?: number;
}

type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** What a failure keeps of an error: the database's own reason rather than the query (drizzle wraps it as the cause). */
export const errorText = (err: unknown): string => {
  const reason = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return (reason instanceof Error ? reason.message : String(reason)).slice(0, 1000);
};

export class NotificationWorker {
  private readonly channels = new Map<string, NotificationChannel>();
  private readonly tasks: WorkerTask[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;
  private stopped = true;
  private readonly retryBaseMs: number;
  private readonly maxRetryMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;

  constructor(
    private readonly db: Db,
    private readonly options: WorkerOptions,
    private readonly log?: Logger,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 30_000;
    this.maxRetryMs = options.maxRetryMs ?? 60 * 60_000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.batchSize = options.batchSize ?? 50;
  }

  /** Adds a channel's implementation: from now on its deliveries are written and sent. */
  registerChannel(channel: NotificationChannel): void {
    if (channel.name === 'app' || !(channel.name in CHANNEL_MODES)) throw new Error(`unknown notification channel ${channel.name}`);
    this.channels.set(channel.name, channel);
  }

  /** Adds work done at the start of every round (see WorkerTask). */
  registerTask(task: WorkerTask): void {
    this.tasks.push(task);
  }

  /** The channels Settings offers this person: the app, and each registered channel that can reach them. */
  async channelsFor(userId: number): Promise<Channel[]> {
    const shown: Channel[] = ['app'];
    for (const [name, channel] of this.channels) {
      if (!channel.accepts || (await channel.accepts(this.db, userId))) shown.push(name as Channel);
    }
    return shown;
  }

  /** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
  retryDelayMs(attempts: number): number {
    return Math.min(this.retryBaseMs * 2 ** Math.max(0, attempts - 1), this.maxRetryMs);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(this.options.intervalMs);
  }

  /** Looks for work at once (after a write that may have added events). */
  wake(): void {
    if (this.stopped) return;
    this.schedule(0);
  }

  /**
   * Stops the loop and waits for the round under way, which ends after its current batch (under a
   * steady flow of new events a round could otherwise go on for as long as the flow): nothing runs
   * after this resolves. What is left stays due for the other processes, or for the next start.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /**
   * Waits for the round under way, then, unless stopped, runs one more in the loop's place (a timer
   * that fires meanwhile waits for it): what was queued before the call has been handled, or has had
   * its attempt, once this resolves. A stopped worker's rounds are its caller's to run.
   */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.stopped) return;
    const round = this.runOnce(() => this.stopped);
    this.running = round
      .catch(() => undefined)
      .finally(() => {
        this.running = undefined;
        if (this.stopped || !this.again) return;
        this.again = false;
        this.schedule(0);
      });
    await round;
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.runOnce(() => this.stopped)
      .catch((err: unknown) => this.log?.warn({ err }, 'notification worker round failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const soon = this.again;
        this.again = false;
        this.schedule(soon ? 0 : this.options.intervalMs);
      });
  }

  /**
   * One round: every task's due work, then every due event, then every due delivery. Answers how
   * many events and deliveries were handled. Once `leave` says so, it ends after the batch under way.
   */
  async runOnce(leave: () => boolean = () => false): Promise<{ events: number; deliveries: number }> {
    const opts = { limit: this.batchSize, maxAttempts: this.options.maxAttempts, retryDelayMs: (n: number) => this.retryDelayMs(n) };
    for (const task of this.tasks) {
      try {
        for (;;) {
          const n = await this.db.transaction((tx) => task.run(tx, opts));
          if (n < this.batchSize || leave()) break;
        }
      } catch (err) {
        // Its work stays due; the events and deliveries of this round go on.
        this.log?.warn({ err, task: task.name }, 'notification worker task failed');
      }
    }
    let events = 0;
    for (;;) {
      if (leave()) return { events, deliveries: 0 };
      const { claimed, skipped } = await this.processEvents();
      events += claimed;
      // A batch whose every event waited on a deletion under way: left for a later round, not claimed again at once.
      if (claimed < this.batchSize || skipped === claimed) break;
    }
    let deliveries = 0;
    for (;;) {
      if (leave()) break;
      const n = await this.processDeliveries();
      deliveries += n;
      if (n < this.batchSize) break;
    }
    return { events, deliveries };
  }

  /** Claims a batch of events and handles each in a savepoint of its own: one bad event fails alone. */
  async processEvents(): Promise<{ claimed: number; skipped: number }> {
    return this.db.transaction(async (tx) => {
      const events = await claimEvents(tx, this.batchSize);
      let skipped = 0;
      for (const event of events) {
        try {
          // A thing it refers to is being deleted: left for a later round (by then gone with it).
          if (!(await lockSubjects(tx, event))) {
            skipped++;
            continue;
          }
          await tx.transaction((savepoint) => this.fanOut(savepoint, event));
          await deleteEvent(tx, event.id);
        } catch (err) {
          const attempts = event.attempts + 1;
          const giveUp = attempts >= this.options.maxAttempts;
          await recordEventFailure(tx, event.id, errorText(err), this.retryDelayMs(attempts), giveUp);
          this.log?.[giveUp ? 'error' : 'warn']({ err, event: event.id, attempts }, 'notification event failed');
        }
      }
      return { claimed: events.length, skipped };
    });
  }

  /** Where one event goes: nowhere if it no longer stands; else the app and each registered channel the recipient wants. */
  private async fanOut(tx: Db, event: EventRow): Promise<void> {
    if (!(await this.stands(tx, event))) return;
    const modes = await preferencesFor(tx, event.recipientId, event.type);
    if (modes.app === 'on') await insertInAppNotification(tx, event);
    const others: { channel: string; mode: string }[] = [];
    for (const [channel, implementation] of this.channels) {
      const mode = modes[channel] ?? 'off';
      if (mode !== 'off' && (!implementation.accepts || (await implementation.accepts(tx, event.recipientId))))
        others.push({ channel, mode });
    }
    await insertDeliveries(tx, event, others);
  }

  /**
   * Checked when delivered, not only when written: nobody hears of a person they blocked or who
   * blocked them, nor of a listing that was renewed or given since. Deleted things need no check:
   * their events went with them (foreign keys cascade).
   */
  private async stands(tx: Db, event: EventRow): Promise<boolean> {
    if (event.actorId !== null) {
      if (event.actorId === event.recipientId) return false;
      if (await blockedBetween(tx, event.actorId, event.recipientId)) return false;
    }
    if (event.type === 'listing_expiring' || event.type === 'listing_expired') return listingEventStands(tx, event);
    return true;
  }

  /** Claims due deliveries of the registered channels and sends them, one at a time, outside any transaction. */
  async processDeliveries(): Promise<number> {
    const claimed = await claimDeliveries(this.db, [...this.channels.keys()], this.batchSize, this.leaseMs);
    for (const delivery of claimed) await this.send(delivery);
    return claimed.length;
  }

  private async send(delivery: DeliveryRow): Promise<void> {
    const channel = this.channels.get(delivery.channel)!;
    if (delivery.actorId !== null && (await blockedBetween(this.db, delivery.actorId, delivery.userId))) {
      await settleDelivery(this.db, delivery.id, { status: 'dropped' });
      return;
    }
    try {
      const result = await channel.deliver(delivery);
      if (result && 'dropped' in result) {
        await settleDelivery(this.db, delivery.id, { status: 'dropped' });
      } else if (result && 'later' in result) {
        await settleDelivery(this.db, delivery.id, { retryInMs: Math.max(0, result.later.getTime() - Date.now()), countAttempt: false });
      } else {
        await settleDelivery(this.db, delivery.id, { status: 'sent' });
      }
    } catch (err) {
      const error = errorText(err);
      if (delivery.attempts >= this.options.maxAttempts) {
        await settleDelivery(this.db, delivery.id, { status: 'failed', error });
        this.log?.error({ err, delivery: delivery.id, channel: delivery.channel }, 'notification delivery given up');
      } else {
        await settleDelivery(this.db, delivery.id, { retryInMs: this.retryDelayMs(delivery.attempts), error, countAttempt: true });
      }
    }
  }
}

/** The recipient's mode for each channel for this type: their choice, else the default. */
export async function preferencesFor(db: Db, userId: number, type: NotificationType): Promise<Record<string, string>> {
  const defaults = DEFAULT_PREFERENCES[type] as Preferences[NotificationType] | undefined;
  if (!defaults) throw new Error(`unknown notification type ${type}`);
  const modes: Record<string, string> = { ...defaults };
  for (const row of await selectPreferences(db, userId, type)) modes[row.channel] = row.mode;
  return modes;
}
