import fp from 'fastify-plugin';
import { type Database, openDatabase } from '../db/client.js';
import { normaliseStoredPhoneNumbers } from '../phone.js';

export interface DatabasePluginOptions {
  /** An already open database (tests share one), left open on close; otherwise it is opened from the config. */
  database?: Database;
  /** Tests: the dump of a migrated PGlite to start an in-memory one from. */
  pgliteLoad?: Blob;
}

/** Decorates `database` and `db`: opened from the config (or given), migrated, closed with the app when opened here. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    const { config } = app;
    const replicaReads = { replica: 0, primary: 0, fallback: 0 };
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        pgliteDir: config.pgliteDir,
        pgliteLoad: config.pgliteDir.startsWith('memory://') ? options.pgliteLoad : undefined,
        poolSize: config.databasePoolSize,
        onPoolError: (err) => {
          if (!app.databaseOutage.report(err, 'connections lost')) app.log.error({ err }, 'database connection lost');
        },
        replicaUrls: config.databaseReplicaUrls,
        replicaEvents: {
          onDown: (replica, err) => app.log.warn({ err, replica }, 'read replica not answering: its reads go to the primary'),
          onUp: (replica) => app.log.info({ replica }, 'read replica answering'),
          onFallback: () => replicaReads.fallback++,
          onRead: (target) => replicaReads[target]++,
        },
      }));
    const ownsDatabase = !options.database;
    app.addHook('onClose', async () => {
      if (ownsDatabase) await database.close();
    });
    await database.migrate();
    // Migration 0028's data step: stored numbers to E.164 (it needs libphonenumber, not SQL).
    const phones = await normaliseStoredPhoneNumbers(database.db, config.phoneDefaultRegion);
    if (phones.normalised || phones.flagged) app.log.info(phones, 'stored phone numbers checked (E.164)');
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('replicaReads', replicaReads);
  },
  { name: 'database', decorators: { fastify: ['config', 'databaseOutage'] } },
);
