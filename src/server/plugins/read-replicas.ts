// Which database answers a public read (docs/decisions/028-read-replicas.md). With
// DATABASE_REPLICA_URL, `app.readDb(request)` is a replica's when one is up and has replayed the
// person's own last write, else the primary's. That write's position comes from the `read_after`
// cookie, set on every successful write's answer. Without replicas it is always `app.db`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { parseLsn } from '../db/replicas.js';
import { syncPlugin } from './sync-plugin.js';

/** The primary's WAL position after this browser's last write: its reads need a replica at least that far. */
const READ_AFTER_COOKIE = 'read_after';
/** Long enough for any replica that is up to catch up; a replica further behind is not one to read from anyway. */
const READ_AFTER_SECONDS = 600;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyInstance {
    /** The Db for this request's public reads: a replica's (caught up with the person's writes), else the primary's. */
    readDb(request: FastifyRequest): Db;
  }
}

export const readReplicasPlugin = fp(
  syncPlugin((app: FastifyInstance) => {
    const { replicas } = app.database;
    app.decorate('readDb', (request: FastifyRequest) => {
      if (!replicas) return app.db;
      return replicas.pick(parseLsn(request.cookies[READ_AFTER_COOKIE])) ?? app.db;
    });
    if (!replicas) return;
    app.addHook('onSend', async (request, reply, payload) => {
      if (READS.has(request.method) || reply.statusCode >= 400) return payload;
      try {
        const lsn = await app.database.currentLsn!();
        reply.setCookie(READ_AFTER_COOKIE, lsn, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.secureCookies,
          maxAge: READ_AFTER_SECONDS,
        });
      } catch (err) {
        // The write is done; without the cookie this person's next reads may come from a replica a moment behind.
        request.log.warn({ err }, 'could not read the WAL position after a write');
      }
      return payload;
    });
  }),
  { name: 'read-replicas', dependencies: ['database', '@fastify/cookie'] },
);
