// The contract of blocks: a signed-in user blocks another by name, and no messages go either way
// until the block is lifted. Each user sees and lifts only their own blocks.
import { z } from 'zod';
import { MSG } from './messages.js';

export const BLOCK_MSG = {
  userNotFound: 'User not found',
  self: 'You cannot block yourself',
  exists: 'You have already blocked this user',
  notFound: 'Block not found',
} as const;

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
    .regex(/^[1-9]\d{0,8}$/, 'Block id must be a whole number')
    .transform(Number),
});
