import {
  type CreateItemBody,
  type ItemDetail,
  type ItemList,
  ITEM_MSG,
  type ListedItem,
  type ListItemsQuery,
  type MyItemList,
  type MyItemsQuery,
  thumbnailUrlOf,
  type UpdateItemBody,
} from '../../../shared/items.js';
import type { SessionUser } from '../../../shared/auth.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import type { ItemPageMeta } from '../../plugins/client.js';
import type { ImageStorage } from '../../plugins/storage.js';
import { queueAlertMatching } from '../alerts/service.js';
import { changeHandover } from '../handover/service.js';
import { discardImage, isOwnUpload, markUploadInUse } from '../uploads/service.js';
import { round5 } from './location.js';
import { cellForPoster, locationSecret, publishedColumns } from './published-point.js';
import {
  countListedItems,
  countListedItemsExactly,
  type DetailRow,
  FEW_MATCHES,
  deleteItem,
  type ItemFilter,
  insertItem,
  type ListedRow,
  type ListOrder,
  selectItem,
  selectListedItems,
  selectMyItems,
  updateItem,
} from './repository.js';

/** The hourly sweep's marking of items past their expiry (owners are told: listing_expired). */
export { expireItems } from './repository.js';

const DAY_MS = 86_400_000;

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

const toListed = (r: ListedRow): ListedItem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  imageUrl: r.image_url,
  thumbnailUrl: thumbnailUrlOf(r.image_url),
  tags: r.tags ?? [],
  userId: r.user_id,
  username: r.username,
  ...(r.distance_km === null || r.distance_km === undefined ? {} : { distance: Number(r.distance_km) }),
  createdAt: new Date(r.created_at).toISOString(),
});

/** Who is looking: the owner and the person it is promised to see the exact place. */
export type Viewer = { id: number; isAdmin: boolean } | null;

const num = (v: string | null) => (v === null ? null : Number(v));
/** A published coordinate as every answer gives it: the cell's point, without the stored point's tie-breaking move. */
const published = (v: string | null) => (v === null ? null : round5(Number(v)));

function toDetail(r: DetailRow, viewer: Viewer): ItemDetail {
  const isOwner = viewer !== null && viewer.id === r.userId;
  const isPromisee = viewer !== null && r.promisedToId === viewer.id && (r.status === 'promised' || r.status === 'taken');
  const exact = r.exactLocation || isOwner || isPromisee;
  const showPromisee = isOwner || isPromisee || viewer?.isAdmin === true;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    imageUrl: r.imageUrl,
    thumbnailUrl: thumbnailUrlOf(r.imageUrl),
    tags: r.tags ?? [],
    userId: r.userId,
    // A hidden account's name, like its profile, is seen only by itself and admins (docs/product.md).
    username: r.ownerVisible || isOwner || viewer?.isAdmin === true ? (r.username ?? '') : '',
    latitude: exact ? num(r.latitude) : published(r.approxLatitude),
    longitude: exact ? num(r.longitude) : published(r.approxLongitude),
    locationIsApproximate: r.latitude !== null && !exact,
    status: r.status,
    promisedTo:
      showPromisee && r.promisedToId !== null && r.promisedToUsername !== null
        ? { id: r.promisedToId, username: r.promisedToUsername }
        : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
  };
}

/**
 * The page a list answers: the one asked for, or the last one when that is past the end (its items
 * vanished, or a hand-typed `?page=99`); page 1 when there are none.
 */
export const pageWithin = (asked: number, total: number, limit: number) => Math.min(asked, Math.max(1, Math.ceil(total / limit)));

/**
 * Pagination of a page of a list. The total may be a lower bound (an estimate below what the page
 * proves exists): it is raised to what is seen, never beyond.
 */
export function paginationOf(
  page: number,
  limit: number,
  shown: number,
  hasNextPage: boolean,
  count: { total: number; estimate?: boolean },
) {
  const total = Math.max(count.total, (page - 1) * limit + shown + (hasNextPage ? 1 : 0));
  return {
    currentPage: page,
    totalPages: Math.ceil(total / limit),
    total,
    hasPrevPage: page > 1,
    hasNextPage,
    ...(count.estimate ? { totalIsEstimate: true } : {}),
  };
}

/** One page of listed items with its pagination (docs/product.md, Data); past the end, the last page. */
export async function listItems(db: Db, q: ListItemsQuery): Promise<ItemList> {
  const text = q.query?.trim() || undefined;
  const tag = q.tag?.trim() || undefined;
  const filter: ItemFilter = {
    text,
    // The client sends its search text as both query and tag: then the tag is already part of the text match.
    tag: tag && tag.toLowerCase() !== text?.toLowerCase() ? tag : undefined,
    near: q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : undefined,
    radiusKm: q.radiusKm,
  };
  // Nearest first with a place unless newest is asked for (the schema refuses nearest without one).
  const order: ListOrder = filter.near && q.sort !== 'newest' ? 'nearest' : 'newest';
  const pageOf = async (page: number, count?: { total: number; estimate: boolean }) => {
    const offset = (page - 1) * q.limit;
    if (filter.text || filter.tag) {
      // A search counts first: how many match decides how the page is read (repository, FEW_MATCHES).
      count ??= await countListedItems(db, filter);
      const fewMatches = !count.estimate && count.total <= FEW_MATCHES;
      return { rows: await selectListedItems(db, filter, q.limit + 1, offset, { fewMatches, order }), count };
    }
    const [rows, counted] = await Promise.all([
      selectListedItems(db, filter, q.limit + 1, offset, { order }),
      count ?? countListedItems(db, filter),
    ]);
    return { rows, count: counted };
  };
  let page = q.page;
  let { rows, count } = await pageOf(page);
  if (rows.length === 0 && page > 1) {
    // Past the end: an estimate was wrong about where the end is, so count exactly.
    if (count.estimate) count = { total: await countListedItemsExactly(db, filter), estimate: false };
    page = pageWithin(page, count.total, q.limit);
    if (page < q.page) ({ rows } = await pageOf(page, count));
  }
  const hasNextPage = rows.length > q.limit;
  const shown = rows.slice(0, q.limit);
  return { items: shown.map(toListed), pagination: paginationOf(page, q.limit, shown.length, hasNextPage, count) };
}

/** The item with this id as this viewer may see it, or 404 Item not found. */
export async function getItem(db: Db, id: number, viewer: Viewer): Promise<ItemDetail> {
  const row = await selectItem(db, id);
  if (!row) throw notFound(ITEM_MSG.notFound);
  return toDetail(row, viewer);
}

/** What an item page's HTML tells link previews (title, description, photo), or undefined when there is no such item. */
export async function itemPageMeta(db: Db, id: number): Promise<ItemPageMeta | undefined> {
  const row = await selectItem(db, id);
  return row && { id: row.id, title: row.title, description: row.description, imageUrl: row.imageUrl };
}

/** The photo of the first item /browse shows (the newest listed), if any. */
export async function newestListedImage(db: Db): Promise<string | undefined> {
  const [first] = await selectListedItems(db, {}, 1, 0);
  return first?.image_url;
}

/** Who owns an item (for the owner-or-admin check), or 404. */
export async function itemOwner(db: Db, id: number): Promise<number> {
  const row = await selectItem(db, id);
  if (!row) throw notFound(ITEM_MSG.notFound);
  return row.userId;
}

/** Creates an item for the user; the image must be one this user uploaded (not someone else's). */
export async function createItem(
  db: Db,
  storage: ImageStorage,
  user: SessionUser,
  body: Required<Omit<CreateItemBody, 'isVisible'>>,
  ttlDays: number,
): Promise<ItemDetail> {
  const key = storage.keyFromUrl(body.imageUrl);
  // Someone else's upload gets the same answer as no upload: the answer says nothing about other people's images.
  if (!key || key.endsWith('-thumb.webp') || !(await isOwnUpload(db, storage, user.id, body.imageUrl)))
    throw badRequest(ITEM_MSG.imageNotOurs);
  // Marked before the file is checked: from here on the unused-uploads sweep leaves it alone.
  await markUploadInUse(db, storage, body.imageUrl);
  if (!(await storage.exists(key))) throw badRequest(ITEM_MSG.imageNotOurs);
  const exact = { lat: body.latitude, lng: body.longitude };
  const secret = await locationSecret(db);
  const cell = body.exactLocation ? undefined : await cellForPoster(db, user.id, exact, secret);
  // The item and its alert-matching job are one transaction: both are written, or neither.
  const id = await db.transaction(async (tx) => {
    const itemId = await insertItem(tx, {
      userId: user.id,
      title: body.title,
      description: body.description,
      imageUrl: body.imageUrl,
      latitude: body.latitude.toFixed(8),
      longitude: body.longitude.toFixed(8),
      ...publishedColumns(exact, body.exactLocation, secret, cell),
      tags: body.tags,
      expiresAt: new Date(Date.now() + ttlDays * DAY_MS),
    });
    await queueAlertMatching(tx, itemId);
    return itemId;
  });
  return getItem(db, id, user);
}

/**
 * Marks an item taken (given) or available again (withdrawing a promise), or renews it for another
 * TTL. Status changes go through the handover, which tells the people who asked about the item.
 */
export async function changeItem(db: Db, id: number, body: UpdateItemBody, ttlDays: number, viewer: Viewer): Promise<ItemDetail> {
  const current = await getItem(db, id, viewer);
  const expired = current.status === 'expired' || (current.expiresAt !== null && Date.parse(current.expiresAt) <= Date.now());
  if (body.status) await changeHandover(db, id, { to: body.status });
  // Made available again, or renewed, after its expiry: it is listed for another TTL.
  if (body.renew || (body.status === 'available' && expired)) {
    const renewed: Parameters<typeof updateItem>[2] = { expiresAt: new Date(Date.now() + ttlDays * DAY_MS) };
    if (body.status === undefined && current.status === 'expired') renewed.status = 'available';
    await updateItem(db, id, renewed);
  }
  return getItem(db, id, viewer);
}

/** Deletes an item and, when no other item shows it, its stored image files. */
export async function removeItem(db: Db, storage: ImageStorage, id: number, log: Pick<Log, 'warn'>): Promise<void> {
  const deleted = await deleteItem(db, id);
  if (!deleted) throw notFound(ITEM_MSG.notFound);
  if (deleted.imageStillUsed) return;
  // The item is gone either way; a file left behind by a storage hiccup is only a little waste.
  await discardImage(db, storage, deleted.imageUrl).catch((err: unknown) =>
    log.warn({ err, imageUrl: deleted.imageUrl }, 'could not delete image files'),
  );
}

/** My own items in every state (to renew the expired, follow the promised), newest first. */
export async function listMyItems(db: Db, me: number, q: MyItemsQuery): Promise<MyItemList> {
  let page = q.page;
  let { rows, total } = await selectMyItems(db, me, q.status, q.limit, (page - 1) * q.limit);
  if (rows.length === 0 && page > 1) {
    page = pageWithin(page, total, q.limit);
    if (page < q.page) ({ rows, total } = await selectMyItems(db, me, q.status, q.limit, (page - 1) * q.limit));
  }
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      imageUrl: r.imageUrl,
      thumbnailUrl: thumbnailUrlOf(r.imageUrl),
      tags: r.tags ?? [],
      status: r.status,
      promisedTo: r.promisedToId !== null && r.promisedToUsername !== null ? { id: r.promisedToId, username: r.promisedToUsername } : null,
      conversations: Number(r.conversations),
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
    })),
    pagination: paginationOf(page, q.limit, rows.length, page * q.limit < total, { total }),
  };
}
