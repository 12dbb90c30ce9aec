import { blockIdParams, blockListSchema, blockSchema, createBlockBodySchema } from '#shared/blocks.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import type { FeatureRoutes } from '../../plugins/sync-plugin.js';
import { createBlock, listBlocks, removeBlock } from './service.js';

/** Blocking other users (no messages either way); all for signed-in users, each about their own blocks. */
export const blockRoutes: FeatureRoutes = (app) => {
  app.get('/blocks', { preValidation: signedIn, schema: { response: { 200: blockListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return listBlocks(app.db, user.id);
  });

  app.post(
    '/blocks',
    { preValidation: signedIn, schema: { body: createBlockBodySchema, response: { 201: blockSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await createBlock(app.db, user, request.body.username, app.config.quotas.blocks));
    },
  );

  app.delete('/blocks/:id', { preValidation: signedIn, schema: { params: blockIdParams } }, async (request, reply) => {
    const user = await requireUser(request);
    await removeBlock(app.db, user.id, request.params.id);
    return reply.status(204).send();
  });
};
