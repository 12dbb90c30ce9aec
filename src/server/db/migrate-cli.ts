// `npm run db:migrate`: applies the migrations in drizzle/ to the configured database and exits.
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from './client.js';

try {
  const config = loadConfig(process.env);
  // On PGlite this waits for nobody: a folder another process holds is refused before it is opened.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  console.log(`Migrations applied (${database.kind}).`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `Migration failed: ${(err as Error).message}`);
  process.exit(1);
}
