import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userBlocks, users } from '../../db/schema.js';

export type BlockRow = { id: number; user: { id: number; username: string }; createdAt: Date };

const blockColumns = {
  id: userBlocks.id,
  user: { id: users.id, username: users.username },
  createdAt: userBlocks.createdAt,
};

/** The people a user blocked, newest first. */
export async function selectBlocksBy(db: Db, me: number): Promise<BlockRow[]> {
  return db
    .select(blockColumns)
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, me))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.id));
}

/** A block the user made (nobody else may see it by id or remove it). */
export async function selectOwnBlock(db: Db, id: number, me: number): Promise<BlockRow | undefined> {
  const [row] = await db
    .select(blockColumns)
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(and(eq(userBlocks.id, id), eq(userBlocks.blockerId, me)))
    .limit(1);
  return row;
}

/** The blocks a user made, as withinTotal counts them (BLOCK_LIMIT). */
export const blocksKept = { table: userBlocks, owner: userBlocks.blockerId };

/** Records a block; the unique index on the pair refuses a second one (UNIQUE_VIOLATION). */
export async function insertBlock(db: Db, blockerId: number, blockedId: number): Promise<number> {
  const [row] = await db.insert(userBlocks).values({ blockerId, blockedId }).returning({ id: userBlocks.id });
  return row!.id;
}

/** Removes a block the user made; answers whether there was one. */
export async function deleteOwnBlock(db: Db, id: number, me: number): Promise<boolean> {
  const rows = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.id, id), eq(userBlocks.blockerId, me)))
    .returning({ id: userBlocks.id });
  return rows.length > 0;
}
