import { type Block, BLOCK_MSG } from '../../../shared/blocks.js';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../../db/client.js';
import { userBlocks } from '../../db/schema.js';
import { badRequest, notFound } from '../../errors.js';
import type { SessionUser } from '../../../shared/auth.js';
import { withinTotal } from '../../plugins/quotas.js';
import { findUserKnownTo } from '../../users/repository.js';
import { type BlockRow, deleteOwnBlock, insertBlock, selectBlocksBy, selectOwnBlock } from './repository.js';

const toBlock = (r: BlockRow): Block => ({ ...r, createdAt: r.createdAt.toISOString() });

/** The people I blocked, newest first. */
export async function listBlocks(db: Db, me: number): Promise<Block[]> {
  return (await selectBlocksBy(db, me)).map(toBlock);
}

/** Blocks another user (by name, any letter case; a hidden one as findUserKnownTo allows): no messages either way from now on. At most `max` blocks (BLOCK_LIMIT). */
export async function createBlock(db: Db, user: SessionUser, username: string, max: number): Promise<Block> {
  const me = user.id;
  const other = await findUserKnownTo(db, username, user);
  if (!other) throw notFound(BLOCK_MSG.userNotFound);
  if (other.id === me) throw badRequest(BLOCK_MSG.self);
  let id: number;
  try {
    id = await withinTotal(db, 'blocks', me, max, { table: userBlocks, owner: userBlocks.blockerId }, (tx) =>
      insertBlock(tx, me, other.id),
    );
  } catch (err) {
    // The same block asked for twice: the unique index on the pair decides, also between racing requests.
    if (sqlState(err) === UNIQUE_VIOLATION) throw badRequest(BLOCK_MSG.exists);
    throw err;
  }
  const row = await selectOwnBlock(db, id, me);
  if (!row) throw notFound(BLOCK_MSG.notFound);
  return toBlock(row);
}

/** Lifts a block the user made; anyone else's block is not found for them. */
export async function removeBlock(db: Db, me: number, id: number): Promise<void> {
  if (!(await deleteOwnBlock(db, id, me))) throw notFound(BLOCK_MSG.notFound);
}
