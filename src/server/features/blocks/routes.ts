import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages.js';
import { requireUser, signedIn } from '../../plugins/guards.js';
import { BLOCK_MSG, createBlock, listBlocks, removeBlock } from './service.js';

const blockSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), username: z.string() }),
  createdAt: z.string(),
});
const blockListSchema = z.array(blockSchema);
const createBlockBodySchema = z.object({
  username: z.string({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(64, BLOCK_MSG.userNotFound),
});
const blockIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, 'Block id must be a whole number')
    .transform(Number),
});

/** Blocking other users (no messages either way); all for signed-in users, each about their own blocks. */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/blocks', { preValidation: signedIn, schema: { response: { 200: blockListSchema } } }, async (request) => {
    const user = await requireUser(request);
    return listBlocks(app.db, user.id);
  });

  app.post('/blocks', { preValidation: signedIn, schema: { body: createBlockBodySchema, response: { 201: blockSchema } } }, async (request, reply) => {
    const user = await requireUser(request);
    return reply.status(201).send(await createBlock(app.db, user.id, request.body.username));
  });

  app.delete('/blocks/:id', { preValidation: signedIn, schema: { params: blockIdParams } }, async (request, reply) => {
    const user = await requireUser(request);
    await removeBlock(app.db, user.id, request.params.id);
    return reply.status(204).send();
  });
};
