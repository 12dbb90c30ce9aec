// The start tasks that write run one process at a time. Each looks at the database and then writes
// what it found missing (the admin account, the demo content, published points made anew): two
// processes starting together on one database both found it missing, and the second insert ended
// its start. Migrations have a lock of their own (db/migrate.ts); this one is taken after them.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lets the start lock go once the start tasks have run, or one has failed (app.ts); again: nothing. */
    startTasksDone(): Promise<void>;
  }
}

/** Any fixed number: the key of the advisory lock held while a process runs its start tasks. */
const START_LOCK_KEY = 727_002;

/**
 * Waits for the start lock (PostgreSQL: every process on the database). The start tasks' plugins
 * each depend on this one, so none of them can be registered before it.
 */
export const startLockPlugin = fp(
  async (app: FastifyInstance) => {
    const release = await app.database.lock(START_LOCK_KEY);
    let held = true;
    const done = async () => {
      if (!held) return;
      held = false;
      await release();
    };
    app.decorate('startTasksDone', done);
    app.addHook('onClose', done);
  },
  { name: 'start-lock', dependencies: ['database'] },
);
