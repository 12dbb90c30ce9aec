import type { SessionUser } from '#shared/auth.js';
import type { MessageId } from '#shared/i18n.js';
import type { TotalQuota } from '#shared/quotas.js';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../db/client.js';
import { badRequest, notFound } from '../errors.js';
import { type Kept, withinTotal } from '../plugins/quotas.js';
import { findUserKnownTo } from './repository.js';

/** A kind of row from one user to another (a block, a notes link): its kept total and its refusals. */
export type UserRelation = {
  quota: TotalQuota;
  kept: Kept;
  msg: { userNotFound: MessageId; self: MessageId; exists: MessageId };
};

/**
 * Adds a row from `user` to the user `username` names and answers the new row's id. The name is
 * looked up as findUserKnownTo allows (404 `userNotFound` otherwise), oneself is refused (400
 * `self`), the user holds at most `max` such rows (withinTotal: 409 past it), and the unique index on
 * the pair refuses a second one (400 `exists`), also between racing requests.
 */
export async function addUserRelation(
  db: Db,
  user: SessionUser,
  username: string,
  max: number,
  relation: UserRelation,
  insert: (tx: Db, me: number, otherId: number) => Promise<number>,
): Promise<number> {
  const other = await findUserKnownTo(db, username, user);
  if (!other) throw notFound(relation.msg.userNotFound);
  if (other.id === user.id) throw badRequest(relation.msg.self);
  try {
    return await withinTotal(db, relation.quota, user.id, max, relation.kept, (tx) => insert(tx, user.id, other.id));
  } catch (err) {
    if (sqlState(err) === UNIQUE_VIOLATION) throw badRequest(relation.msg.exists);
    throw err;
  }
}
