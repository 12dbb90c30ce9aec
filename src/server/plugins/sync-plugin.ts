import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * A plugin whose setup awaits nothing (it decorates, adds hooks, declares routes), as the promise
 * Fastify waits for. A throw during the setup rejects that promise, as it would in an async
 * function, so a broken setup still fails `app.ready()` rather than the process.
 */
export function syncPlugin<I, O>(setup: (instance: I, opts: O) => void): (instance: I, opts: O) => Promise<void> {
  return (instance, opts) =>
    new Promise<void>((resolve) => {
      setup(instance, opts);
      resolve();
    });
}

/**
 * A feature's routes, declared on its own encapsulated instance with zod schemas (app.ts makes them
 * a plugin through `syncPlugin`): declaring routes awaits nothing.
 */
export type FeatureRoutes = (app: Parameters<FastifyPluginAsyncZod>[0]) => void;
