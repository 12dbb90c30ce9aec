import { type Block, BLOCK_MSG } from '#shared/blocks.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { SessionUser } from '#shared/auth.js';
import { addUserRelation, type UserRelation } from '../../users/relations.js';
import { type BlockRow, blocksKept, deleteOwnBlock, insertBlock, selectBlocksBy, selectOwnBlock } from './repository.js';

const toBlock = (r: BlockRow): Block => ({ ...r, createdAt: r.createdAt.toISOString() });

/** The people I blocked, newest first. */
export async function listBlocks(db: Db, me: number): Promise<Block[]> {
  return (await selectBlocksBy(db, me)).map(toBlock);
}

const BLOCK: UserRelation = {
  quota: 'blocks',
  kept: blocksKept,
  msg: { userNotFound: BLOCK_MSG.userNotFound, self: BLOCK_MSG.self, exists: BLOCK_MSG.exists },
};

/** Blocks another user (by name, any letter case; a hidden one as findUserKnownTo allows): no messages either way from now on. At most `max` blocks (BLOCK_LIMIT). */
export async function createBlock(db: Db, user: SessionUser, username: string, max: number): Promise<Block> {
  const id = await addUserRelation(db, user, username, max, BLOCK, insertBlock);
  const row = await selectOwnBlock(db, id, user.id);
  if (!row) throw notFound(BLOCK_MSG.notFound);
  return toBlock(row);
}

/** Lifts a block the user made; anyone else's block is not found for them. */
export async function removeBlock(db: Db, me: number, id: number): Promise<void> {
  if (!(await deleteOwnBlock(db, id, me))) throw notFound(BLOCK_MSG.notFound);
}
