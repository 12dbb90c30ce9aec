// The contract of blocks: a signed-in user blocks another by name, and no messages go either way
// until the block is lifted. Each user sees and lifts only their own blocks.
import type { MessageId } from './i18n.js';
import { z } from 'zod';
import { MSG, SCHEMA_MSG } from './messages.js';

export const BLOCK_MSG = {
  userNotFound: 'api.blocks.userNotFound',
  self: 'api.blocks.self',
  exists: 'api.blocks.exists',
  notFound: 'api.blocks.notFound',
} as const satisfies Record<string, MessageId>;

/** One block I made: the person blocked and when. */
export const blockSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), username: z.string() }),
  createdAt: z.string(),
});
export type Block = z.infer<typeof blockSchema>;

/** GET /api/blocks: newest first. */
export const blockListSchema = z.array(blockSchema);

export const createBlockBodySchema = z.object({
  username: z.string({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(64, BLOCK_MSG.userNotFound),
});

export const blockIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, SCHEMA_MSG.blockId)
    .transform(Number),
});
