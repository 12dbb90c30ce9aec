import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { startFailureLine } from './error-log.js';

// dist/server/main.js serves dist/client.
const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');
const SHUTDOWN_GRACE_MS = 10_000;

function exitWithConfigError(err: ConfigError): never {
  console.error(err.message);
  console.error('See the Configuration section of README.md.');
  process.exit(1);
}

/** Whether this process runs on glibc, whose allocator MALLOC_ARENA_MAX tunes. */
function usesGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  const report = process.report.getReport() as { header?: { glibcVersionRuntime?: string } };
  return Boolean(report.header?.glibcVersionRuntime);
}

/** Whether the JavaScript heap's limit was set, on node's command line or in NODE_OPTIONS. */
function heapLimitSet(): boolean {
  const flags = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  return flags.some((flag) => /^--max[-_]old[-_]space[-_]size(=|$)/.test(flag));
}

/**
 * What a production server started other than by scripts/start.sh lacks. Both settings are read
 * once, when the process starts, so the script sets them, not the app.
 */
function startWarnings(): string[] {
  const warnings: string[] = [];
  if (!process.env.MALLOC_ARENA_MAX && usesGlibc()) {
    // docs/decisions/009-quotas.md
    warnings.push(
      'MALLOC_ARENA_MAX is not set: image decodes can hold 100 MB more than they need. Start the server with scripts/start.sh (npm start), or set MALLOC_ARENA_MAX=1.',
    );
  }
  if (!heapLimitSet()) {
    // docs/decisions/034-javascript-heap-limit.md
    warnings.push(
      'No JavaScript heap limit is set: the heap can fill with garbage to 4 times what is live, about 100 MB more under load. Start the server with scripts/start.sh (npm start), or set NODE_OPTIONS=--max-old-space-size=1024.',
    );
  }
  return warnings;
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, { clientDir });
  } catch (err) {
    if (err instanceof ConfigError) exitWithConfigError(err);
    throw err;
  }

  let app;
  try {
    app = await buildApp(config);
  } catch (err) {
    // What the database holds can refuse a start too (a demo account with the demo password).
    if (err instanceof ConfigError) exitWithConfigError(err);
    throw err;
  }
  if (config.env === 'production') for (const warning of startWarnings()) app.log.warn(warning);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainMs: app.config.shutdownDrainMs }, 'shutting down: draining, then finishing requests in flight');
    const force = setTimeout(() => {
      // What still held the close: open connections (requests in flight) or the work of a plugin's close.
      app.server.getConnections((_err, connections) => {
        app.log.error({ connections, liveStreams: app.live.size }, 'shutdown did not finish in time: exiting with 1');
        process.exit(1);
      });
    }, app.config.shutdownDrainMs + SHUTDOWN_GRACE_MS);
    force.unref();
    // Draining (SHUTDOWN_DRAIN_SECONDS, plugins/drain.ts) lets a balancer move new requests elsewhere before the port closes.
    app
      .drain()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err) => {
          app.log.error({ err }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  // A keep-alive connection busy at the signal would otherwise stay open until it idles out:
  // answers sent while shutting down close their connection.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  app.log.info(`ShareNearby is running at ${shown} (database: ${app.database.kind})`);
}

main().catch((err) => {
  // One JSON line where the server's log goes, with PostgreSQL's own words but never a statement
  // or its values (a failed insert's message holds its parameters: an admin's password hash).
  process.stdout.write(`${startFailureLine(err)}\n`);
  process.exit(1);
});
