// Live updates (docs/decisions/015-live-updates.md): a change is announced with pg_notify on one
// channel, which every app process LISTENs to on one connection of its own; each process hands it
// to the streams (GET /api/events) of the users it names that are open on it.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';

const LIVE_CHANNEL = 'sharenearby_live';

/**
 * What a stream says, each with ids and counts only, never text: the page fetches what changed
 * through the usual routes, so who may read what is decided in one place.
 * - `message`: a message arrived in (or was sent from another tab to) one of my conversations;
 * - `unread`: how many messages now wait for me;
 * - `item`: an item I own or asked about changed status;
 * - `notification`: something for the bell (the notifications feature says what);
 * - `admin` (to the admins): a support request or a report was filed or changed (`{ list }`: which);
 * - `resync` (sent by the server itself): events may have been missed, fetch everything anew.
 */
export type LiveEventType = 'message' | 'unread' | 'item' | 'notification' | 'admin';
export type LiveData = Record<string, number | string | boolean | null>;

/** What goes through pg_notify: events for users, or the end of sessions' streams. */
type Wire = { u: number[]; e: LiveEventType; d: LiveData } | { end: { s: string } | { u: number } };

/** NOTIFY payloads are limited to 8000 bytes: user ids go in groups small enough for any event. */
const USERS_PER_NOTIFY = 400;

/** The database or a transaction of it (`tx` of `db.transaction`): only `execute` is used. */
export type Executor = Pick<Db, 'execute'>;

async function notify(db: Executor, wire: Wire): Promise<void> {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(wire)})`);
}

/**
 * Sends an event to every open stream of these users, in whichever process it is. Given a
 * transaction (`tx` of `db.transaction`), it is sent only if and when that transaction commits;
 * given the database, at once. Keep `data` small: ids and counts.
 */
export async function publish(db: Executor, userIds: readonly number[], type: LiveEventType, data: LiveData): Promise<void> {
  const users = [...new Set(userIds)];
  for (let i = 0; i < users.length; i += USERS_PER_NOTIFY) {
    await notify(db, { u: users.slice(i, i + USERS_PER_NOTIFY), e: type, d: data });
  }
}

/** Ends the streams of one session (sign-out) in every process. */
export const endSessionStreams = (db: Executor, sessionId: string) => notify(db, { end: { s: sessionId } });
/** Ends every stream of a user (all sessions ended: password change, reset, deletion). */
export const endUserStreams = (db: Executor, userId: number) => notify(db, { end: { u: userId } });

/** One open stream, as the hub sees it. */
export interface LiveStream {
  userId: number;
  sessionId: string;
  /** Writes one event (`event:`, `id:`, `data:` lines). */
  send(type: string, id: string, data: string): void;
  /** Ends the response; the stream's close handler removes it from the hub. */
  end(): void;
}

type AddOutcome = 'added' | 'user-full' | 'process-full';

/** The streams open on this process, by user; a notification is handed to its users' streams. */
class LiveHub {
  private readonly byUser = new Map<number, Set<LiveStream>>();
  private open = 0;
  private sequence = 0;
  /** Ids of events are unique per process run; a stream that reconnects with one gets `resync`. */
  private readonly run = Date.now().toString(36);

  constructor(private readonly limits: { streamsPerUser: number; streamsMax: number }) {}

  get size(): number {
    return this.open;
  }

  nextId(): string {
    return `${this.run}-${++this.sequence}`;
  }

  add(stream: LiveStream): AddOutcome {
    if (this.open >= this.limits.streamsMax) return 'process-full';
    let streams = this.byUser.get(stream.userId);
    if (streams && streams.size >= this.limits.streamsPerUser) return 'user-full';
    if (!streams) {
      streams = new Set();
      this.byUser.set(stream.userId, streams);
    }
    streams.add(stream);
    this.open++;
    return 'added';
  }

  remove(stream: LiveStream): void {
    const streams = this.byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    this.open--;
    if (streams.size === 0) this.byUser.delete(stream.userId);
  }

  /** A notification from the channel: its event to its users' streams, or the end of streams. */
  deliver(payload: string): void {
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch {
      return;
    }
    if ('end' in wire) {
      const end = wire.end;
      if ('u' in end) {
        for (const stream of [...(this.byUser.get(end.u) ?? [])]) stream.end();
      } else {
        for (const streams of this.byUser.values()) for (const stream of [...streams]) if (stream.sessionId === end.s) stream.end();
      }
      return;
    }
    const data = JSON.stringify(wire.d);
    const id = this.nextId();
    for (const userId of wire.u) for (const stream of this.byUser.get(userId) ?? []) stream.send(wire.e, id, data);
  }

  /** Tells every stream to fetch anew (the channel was lost for a while). */
  resync(): void {
    const id = this.nextId();
    for (const streams of this.byUser.values()) for (const stream of streams) stream.send('resync', id, '{}');
  }

  /** Ends every stream (shutdown). */
  endAll(): void {
    for (const streams of [...this.byUser.values()]) for (const stream of [...streams]) stream.end();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/**
 * Decorates `live`: the hub, fed by one LISTEN of this process. Its streams end before the server
 * closes (they would otherwise hold the shutdown until their clients leave).
 */
export const livePlugin = fp(
  async (app: FastifyInstance) => {
    const hub = new LiveHub(app.config.live);
    const unlisten = await app.database.listen(LIVE_CHANNEL, {
      onNotify: (payload) => hub.deliver(payload),
      onResync: () => {
        app.log.info('live updates channel back: streams told to fetch anew');
        hub.resync();
      },
      onError: (err) => {
        if (!app.databaseOutage.report(err, 'live updates channel lost')) app.log.warn({ err }, 'live updates channel lost');
      },
    });
    app.decorate('live', hub);
    app.addHook('preClose', async () => {
      hub.endAll();
      await unlisten();
    });
  },
  { name: 'live', dependencies: ['database'], decorators: { fastify: ['config', 'databaseOutage'] } },
);
