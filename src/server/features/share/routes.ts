import { SHARE_TARGET_PATH, sharedPostItemPath } from '#shared/share-target.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';

/**
 * The share sheet's POST to /share-target when no service worker answers it (the first visit, a
 * browser without workers, a worker not yet in control; docs/decisions/026-share-target.md): the
 * photos cannot be kept here (they would be uploads without an account or a form), so the person
 * goes to Post item (303: the browser follows with a GET) which says they did not arrive. Whatever
 * was sent, and however, the answer is that redirect: never a 404, 413 or 415. The body is left
 * unread (drained), outside the /api plugin and its CSRF rule since it changes nothing.
 */
export const shareRoutes: FeatureRoutes = (app) => {
  // Any body, of any type, is drained unread (multipart already has a parser that reads nothing).
  app.addContentTypeParser('*', (_request, payload, done) => {
    payload.resume();
    done(null, undefined);
  });
  const lost = sharedPostItemPath(false);
  app.route({
    method: ['GET', 'POST'],
    url: SHARE_TARGET_PATH,
    handler: async (request, reply) => {
      if (!request.raw.readableEnded) request.raw.resume();
      reply.header('cache-control', 'no-store');
      return reply.redirect(lost, 303);
    },
  });
};
