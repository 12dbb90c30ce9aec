// Leaving a group of nodes behind a balancer without failing a request (docs/deploy.md). After
// SIGTERM the process first drains: for SHUTDOWN_DRAIN_SECONDS it keeps its port open and answers
// every new request with 503 before reading anything of it, so a balancer may send that request to
// another node whatever its method (nginx: `proxy_next_upstream http_503` and, for POSTs, the
// `error_page 503` retry of deploy/nginx/sharenearby.conf) and learns to send this node nothing more.
// Requests already in flight finish as usual. Its live-update streams end at once, so browsers
// reconnect elsewhere. Only then does the server close its port (main.ts): a connection the
// balancer opened at that moment would be reset after its request went out.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '#shared/messages.js';
import { translate } from '../i18n.js';
import { syncPlugin } from './sync-plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the start of the drain: new requests are answered 503 and `/readyz` says not ready. */
    readonly draining: boolean;
    /** Starts the drain; resolves once SHUTDOWN_DRAIN_SECONDS have passed (at once when 0). */
    drain(): Promise<void>;
  }
}

/** Liveness stays true while draining: the process is alive, only leaving. */
const ALWAYS_ANSWERED = new Set(['/healthz']);

export const drainPlugin = fp(
  syncPlugin((app: FastifyInstance) => {
    let draining = false;
    app.decorate('draining', {
      getter: () => draining,
    });
    app.decorate('drain', async () => {
      draining = true;
      if (app.hasDecorator('live')) app.live.endAll();
      const ms = app.config.shutdownDrainMs;
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!draining || ALWAYS_ANSWERED.has(request.url.split('?')[0]!)) return;
      return reply
        .status(503)
        .header('retry-after', '1')
        .header('connection', 'close')
        .header('cache-control', 'no-store')
        .send({ message: translate(await request.language({ account: false }), MSG.databaseUnavailable) });
    });
  }),
  { name: 'drain', decorators: { fastify: ['config'] } },
);
