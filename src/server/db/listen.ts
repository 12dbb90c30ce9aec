import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** What a listener is told: each notification's payload, and that it may have missed some (after a reconnect). */
export interface ListenHandlers {
  onNotify(payload: string): void;
  /** The connection was lost and is back: notifications sent meanwhile are gone, so readers should fetch anew. */
  onResync(): void;
  onError?(err: Error): void;
}

/** Stops listening and releases the connection. */
export type Unlisten = () => Promise<void>;

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 30_000;

/**
 * LISTEN on a PostgreSQL channel through one connection of its own (never a pooled one: a pooled
 * client would be handed to queries and its LISTEN lost). When it drops it is made anew with a
 * doubling back-off, and `onResync` tells the readers that something may have been missed.
 */
export async function listenPostgres(connectionString: string, channel: string, handlers: ListenHandlers): Promise<Unlisten> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 5000, keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers.onNotify(n.payload);
    });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (err) handlers.onError?.(err);
      c.end().catch(() => undefined);
      if (client === c) client = undefined;
      if (!stopped) schedule();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
  };

  const schedule = () => {
    timer = setTimeout(() => {
      connect().then(
        () => {
          retryMs = FIRST_RETRY_MS;
          handlers.onResync();
        },
        (err: Error) => {
          handlers.onError?.(err);
          retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
          if (!stopped) schedule();
        },
      );
    }, retryMs);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}

/** LISTEN on the embedded database: PGlite delivers a notification when its transaction commits, as PostgreSQL does. */
export async function listenPglite(client: PGlite, channel: string, handlers: ListenHandlers): Promise<Unlisten> {
  return client.listen(channel, (payload) => handlers.onNotify(payload));
}
