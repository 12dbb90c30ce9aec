// Profiles and reputation (docs/decisions/024-profiles-thanks-phones.md): what a profile shows
// besides its payment links, and the thanks the two people of a hand-over leave each other.
import { eq } from 'drizzle-orm';
import type { SessionUser } from '#shared/auth.js';
import { PROFILE_MSG, type Thanks } from '#shared/people.js';
import { thumbnailUrlOf } from '#shared/item-format.js';
import type { Db } from '../../db/client.js';
import { items } from '../../db/schema.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import type { ImageStorage } from '../../plugins/storage.js';
import { type Actor, authorize } from '../../policies/index.js';
import type { UserRow } from '../../users/repository.js';
import { findUserById, updateUser } from '../../users/repository.js';
import { deleteStoredAvatar } from '../uploads/images.js';
import { eitherBlocked } from '../conversations/service.js';
import { enqueue } from '../notifications/outbox.js';
import { currentItems, handOverCounts, insertThanks, receivedThanks, thanksFor } from './repository.js';

/** The two files of a profile photo follow from its name (a content hash). */
const avatarKeys = (name: string) => ({ large: `${name}-a256.webp`, small: `${name}-a96.webp` });

/** The addresses of a user's profile photo, or nulls. */
export function avatarUrls(storage: ImageStorage, avatarKey: string | null) {
  if (!avatarKey) return { avatarUrl: null, avatarSmallUrl: null };
  const keys = avatarKeys(avatarKey);
  return { avatarUrl: storage.urlFor(keys.large), avatarSmallUrl: storage.urlFor(keys.small) };
}

/** The reputation part of a profile: photo, words, counts, thanks and current items. */
export async function reputationOf(db: Db, storage: ImageStorage, user: UserRow) {
  const [counts, received, offered] = await Promise.all([
    handOverCounts(db, user.id),
    receivedThanks(db, user.id),
    currentItems(db, user.id),
  ]);
  return {
    memberSince: user.createdAt.toISOString(),
    bio: user.bio,
    area: user.area,
    ...avatarUrls(storage, user.avatarKey),
    givenCount: counts.given,
    receivedCount: counts.received,
    thanks: received.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    thanksCount: received.count,
    items: offered.map((i) => ({ id: i.id, type: i.type, title: i.title, thumbnailUrl: thumbnailUrlOf(i.imageUrl) })),
  };
}

/**
 * The hand-over of an item as seen by `me`: the other person of it. 404 for an unknown item, 403
 * for anyone but its giver and receiver, 400 before it was given (no receiver yet, or not taken).
 */
async function handOver(db: Db, itemId: number, actor: NonNullable<Actor>) {
  const me = actor.id;
  const [item] = await db
    .select({ id: items.id, title: items.title, ownerId: items.userId, status: items.status, promisedToId: items.promisedToId })
    .from(items)
    .where(eq(items.id, itemId))
    .limit(1);
  if (!item) throw notFound(PROFILE_MSG.itemNotFound);
  authorize(actor, 'item:thank', { userId: item.ownerId, promisedToId: item.promisedToId });
  if (item.status !== 'taken' || item.promisedToId === null) throw badRequest(PROFILE_MSG.notHandedOver);
  const otherId = item.ownerId === me ? item.promisedToId : item.ownerId;
  const other = await findUserById(db, otherId);
  if (!other) throw badRequest(PROFILE_MSG.notHandedOver);
  return { item, other };
}

const asThanks = (fromUsername: string | null, r: NonNullable<Awaited<ReturnType<typeof thanksFor>>>): Thanks => ({
  id: r.id,
  fromUsername,
  note: r.note,
  createdAt: r.createdAt.toISOString(),
  itemId: r.itemId,
  itemTitle: r.itemTitle,
});

/** GET /api/items/:id/thanks: the other person of the hand-over, my thanks to them and theirs to me. */
export async function handOverThanks(db: Db, itemId: number, me: SessionUser) {
  const { other } = await handOver(db, itemId, me);
  const [mine, theirs] = await Promise.all([thanksFor(db, itemId, me.id), thanksFor(db, itemId, other.id)]);
  return {
    other: { username: other.username },
    mine: mine ? asThanks(me.username, mine) : null,
    theirs: theirs ? asThanks(other.username, theirs) : null,
  };
}

/** POST /api/items/:id/thanks: once per person and hand-over (409 again); the other person is notified. */
export async function giveThanks(db: Db, itemId: number, me: SessionUser, note: string | null) {
  const { item, other } = await handOver(db, itemId, me);
  if (await eitherBlocked(db, me.id, other.id)) throw forbidden(PROFILE_MSG.blocked);
  await db.transaction(async (tx) => {
    const id = await insertThanks(tx, { itemId, itemTitle: item.title, fromUserId: me.id, toUserId: other.id, note });
    if (id === null) throw new AppError(409, PROFILE_MSG.alreadyThanked);
    await enqueue(tx, [{ type: 'thanks_received', recipientId: other.id, actorId: me.id, itemId }]);
  });
  return handOverThanks(db, itemId, me);
}

/** Makes `name` the user's profile photo; the previous one's files go. */
export async function setAvatar(
  db: Db,
  storage: ImageStorage,
  userId: number,
  name: string | null,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const before = await findUserById(db, userId);
  await updateUser(db, userId, { avatarKey: name });
  // The change stands: an upload failing here would remove the new photo's files it now names.
  if (before?.avatarKey && before.avatarKey !== name)
    await deleteStoredAvatar(storage, before.avatarKey).catch((err: unknown) => log.warn({ err }, 'could not delete a profile photo'));
}
