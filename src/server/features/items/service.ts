import {
  type Clusters,
  type ClustersQuery,
  type CreateItemInput,
  type ItemDetail,
  type ItemList,
  ITEM_MSG,
  type ListedItem,
  type ListItemsQuery,
  type MyItemList,
  type MyItemsQuery,
  thumbnailUrlOf,
  type UpdateItemInput,
} from '#shared/items.js';
import type { SessionUser } from '#shared/auth.js';
import * as itemPolicy from '#shared/policies/items.js';
import * as userPolicy from '#shared/policies/users.js';
import type { Db } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import type { ItemPageMeta } from '../../plugins/client.js';
import type { ImageStorage } from '../../plugins/storage.js';
import { type Actor, authorize } from '../../policies/index.js';
import { queueAlertMatching } from '../alerts/service.js';
import { changeHandover } from '../handover/service.js';
import { discardImage, isOwnUpload, markUploadInUse } from '../uploads/service.js';
import { round5 } from './location.js';
import { paginationOf, pageWithin } from './paging.js';
import { locationSecret, pointForPoster, publishedColumns } from './published-point.js';
import { type DetailRow, deleteItem, imagesNoItemShows, insertItem, selectItem, selectMyItems, updateItem } from './repository.js';
import { type ItemFilter, type ListedRow, type ListOrder, listPage, type MapOptions, mapView, newestListed } from './search/engine.js';

/** The hourly sweep's marking of items past their expiry (owners are told: listing_expired). */
export { expireItems } from './repository.js';

const DAY_MS = 86_400_000;

type Log = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** An item's photos, cover first: the cover column and the others (migration 0024); none for a want without a cover (''). */
const imagesOf = (cover: string, others: string[] | null) => (cover ? [cover, ...(others ?? [])] : []);

const toListed = (r: ListedRow, viewer: Viewer): ListedItem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  imageUrl: r.image_url,
  thumbnailUrl: thumbnailUrlOf(r.image_url),
  images: imagesOf(r.image_url, r.extra_images),
  tags: r.tags ?? [],
  type: r.type,
  userId: r.user_id,
  // A hidden account (an admin's, say) is named to itself and the admins, as on the item page.
  username: userPolicy.see(viewer, { id: r.user_id, isVisible: r.owner_visible }) ? r.username : '',
  ...(r.distance_km === null || r.distance_km === undefined ? {} : { distance: Number(r.distance_km) }),
  createdAt: new Date(r.created_at).toISOString(),
});

/** Who is looking: the owner and the person it is promised to see the exact place. */
export type Viewer = Actor;

const num = (v: string | null) => (v === null ? null : Number(v));
/** A published coordinate as every answer gives it: the cell's point, without the stored point's tie-breaking move. */
const published = (v: string | null) => (v === null ? null : round5(Number(v)));

function toDetail(r: DetailRow, viewer: Viewer): ItemDetail {
  const exact = itemPolicy.seeExactPlace(viewer, r);
  const showPromisee = itemPolicy.seePromisee(viewer, r);
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    imageUrl: r.imageUrl,
    thumbnailUrl: thumbnailUrlOf(r.imageUrl),
    images: imagesOf(r.imageUrl, r.extraImages),
    tags: r.tags ?? [],
    type: r.type,
    userId: r.userId,
    // A hidden account's name, like its profile, is seen only by itself and admins (docs/product.md).
    username: userPolicy.see(viewer, { id: r.userId, isVisible: r.ownerVisible }) ? (r.username ?? '') : '',
    latitude: exact ? num(r.latitude) : published(r.approxLatitude),
    longitude: exact ? num(r.longitude) : published(r.approxLongitude),
    locationIsApproximate: r.latitude !== null && !exact,
    exactLocation: r.exactLocation,
    status: r.status,
    promisedTo:
      showPromisee && r.promisedToId !== null && r.promisedToUsername !== null
        ? { id: r.promisedToId, username: r.promisedToUsername }
        : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
    ...(r.hiddenAt ? { hidden: { reason: r.hiddenReason ?? '', at: r.hiddenAt.toISOString() } } : {}),
  };
}

/**
 * The filter of a list's (or the map's) query: search text, tag, place, radius and type, and who
 * asks (an item hidden by the moderators is listed to its owner and admins only).
 */
function itemFilterOf(q: Pick<ListItemsQuery, 'query' | 'tag' | 'lat' | 'lng' | 'radiusKm' | 'type'>, viewer: Viewer = null): ItemFilter {
  const text = q.query?.trim() || undefined;
  const tag = q.tag?.trim() || undefined;
  return {
    text,
    // The client sends its search text as both query and tag: then the tag is already part of the text match.
    tag: tag && tag.toLowerCase() !== text?.toLowerCase() ? tag : undefined,
    near: q.lat !== undefined && q.lng !== undefined ? { lat: q.lat, lng: q.lng } : undefined,
    radiusKm: q.radiusKm,
    type: q.type,
    viewer,
  };
}

/** One page of listed items with its pagination (docs/product.md, Data); past the end, the last page. */
export async function listItems(db: Db, q: ListItemsQuery, viewer: Viewer = null): Promise<ItemList> {
  const filter = itemFilterOf(q, viewer);
  // Nearest first with a place unless newest is asked for (the schema refuses nearest without one).
  // Best match first only when asked for (sort=relevance, docs/decisions/022).
  const order: ListOrder = q.sort === 'relevance' ? 'relevance' : filter.near && q.sort !== 'newest' ? 'nearest' : 'newest';
  const { rows, hasNextPage, page, total, similar } = await listPage(db, filter, { order, page: q.page, limit: q.limit });
  return {
    items: rows.map((r) => toListed(r, viewer)),
    pagination: paginationOf(page, q.limit, rows.length, hasNextPage, total),
    ...(similar && { similar }),
  };
}

/** The clusters and single items of the map's visible area, with the list's filters (GET /api/items/clusters, docs/decisions/021). */
export function mapClusters(db: Db, q: ClustersQuery, options: MapOptions = {}): Promise<Clusters> {
  return mapView(db, itemFilterOf(q), { bbox: q.bbox, zoom: q.zoom }, options);
}

/** The item with this id as this viewer may see it, or 404 Item not found. */
export async function getItem(db: Db, id: number, viewer: Viewer): Promise<ItemDetail> {
  const row = await selectItem(db, id);
  if (!row) throw notFound(ITEM_MSG.notFound);
  authorize(viewer, 'item:see', row);
  return toDetail(row, viewer);
}

/** What an item page's HTML tells link previews (title, description, photo), or undefined when there is no such item. */
export async function itemPageMeta(db: Db, id: number): Promise<ItemPageMeta | undefined> {
  const row = await selectItem(db, id);
  if (row && !itemPolicy.see(null, row)) return undefined;
  return row && { id: row.id, title: row.title, description: row.description, imageUrl: row.imageUrl };
}

/** The photo of the first item /browse shows (the newest listed), if it has one. */
export async function newestListedImage(db: Db): Promise<string | undefined> {
  const first = await newestListed(db);
  // A want without a photo has none to preload ('').
  return first?.image_url || undefined;
}

/** Who owns an item (for the owner-or-admin check), or 404 (also for a hidden item the viewer may not see). */
export async function itemOwner(db: Db, id: number, viewer: Viewer = null): Promise<number> {
  const row = await selectItem(db, id);
  if (!row) throw notFound(ITEM_MSG.notFound);
  if (viewer) authorize(viewer, 'item:see', row);
  return row.userId;
}

/**
 * Checks that each image is one of this user's own uploads (someone else's upload gets the same
 * answer as no upload: the answer says nothing about other people's images), all before any is
 * marked in use; from then on the unused-uploads sweep leaves them alone.
 */
async function claimImages(db: Db, storage: ImageStorage, userId: number, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const key = storage.keyFromUrl(url);
    if (!key || key.endsWith('-thumb.webp') || !(await isOwnUpload(db, storage, userId, url))) throw badRequest(ITEM_MSG.imageNotOurs);
  }
  // Marked before the files are checked, so the sweep cannot take one in between.
  for (const url of urls) await markUploadInUse(db, storage, url);
  for (const url of urls) if (!(await storage.exists(storage.keyFromUrl(url)!))) throw badRequest(ITEM_MSG.imageNotOurs);
}

/** Removes the files of images no item shows any more; a file left behind by a storage hiccup is only a little waste. */
async function discardUnshown(db: Db, storage: ImageStorage, urls: readonly string[], log: Pick<Log, 'warn'>): Promise<void> {
  if (urls.length === 0) return;
  for (const imageUrl of await imagesNoItemShows(db, urls)) {
    await discardImage(db, storage, imageUrl).catch((err: unknown) => log.warn({ err, imageUrl }, 'could not delete image files'));
  }
}

/** Creates an item for the user; its images (cover first) must be ones this user uploaded. */
export async function createItem(
  db: Db,
  storage: ImageStorage,
  user: SessionUser,
  body: Omit<CreateItemInput, 'isVisible'>,
  ttlDays: number,
): Promise<ItemDetail> {
  await claimImages(db, storage, user.id, body.images);
  const [cover = '', ...others] = body.images;
  const exact = { lat: body.latitude, lng: body.longitude };
  const secret = await locationSecret(db);
  const point = body.exactLocation ? undefined : await pointForPoster(db, user.id, exact, secret);
  // The item and its alert-matching job are one transaction: both are written, or neither.
  const id = await db.transaction(async (tx) => {
    const itemId = await insertItem(tx, {
      userId: user.id,
      title: body.title,
      description: body.description,
      imageUrl: cover,
      extraImages: others,
      type: body.type,
      latitude: body.latitude.toFixed(8),
      longitude: body.longitude.toFixed(8),
      ...publishedColumns(exact, body.exactLocation, secret, point),
      tags: body.tags,
      expiresAt: new Date(Date.now() + ttlDays * DAY_MS),
    });
    await queueAlertMatching(tx, itemId);
    return itemId;
  });
  return getItem(db, id, user);
}

type ItemColumns = Parameters<typeof updateItem>[2];

/**
 * The columns an edit changes (title, description, tags, photos, place), checked as posting checks
 * them; new photos must be the owner's own uploads. A new place, or a change of exactLocation,
 * publishes a new point by the hardened rule (published-point.ts, docs/decisions/006). Answers the
 * photos the edit drops.
 */
async function editedColumns(
  db: Db,
  storage: ImageStorage,
  row: DetailRow,
  body: UpdateItemInput,
): Promise<{ columns: ItemColumns; dropped: string[] }> {
  const columns: ItemColumns = {};
  if (body.title !== undefined) columns.title = body.title;
  if (body.description !== undefined) columns.description = body.description;
  if (body.tags !== undefined) columns.tags = body.tags;
  const type = body.type ?? row.type;
  if (type === 'want' && body.status === 'taken') throw badRequest(ITEM_MSG.wantNoHandover);
  if (body.type !== undefined && body.type !== row.type) {
    // A want has no promise or hand-over: a promised or given item stays an offer.
    if (type === 'want' && (row.status === 'promised' || row.status === 'taken')) throw badRequest(ITEM_MSG.wantWhilePromised);
    columns.type = type;
  }
  // An offer keeps a photo (docs/product.md, Post item); a want may have none.
  if (type === 'offer' && (body.images ?? imagesOf(row.imageUrl, row.extraImages)).length === 0) {
    throw badRequest(body.images === undefined ? ITEM_MSG.offerNeedsPhoto : ITEM_MSG.imagesCount);
  }
  let dropped: string[] = [];
  if (body.images !== undefined) {
    const before = imagesOf(row.imageUrl, row.extraImages);
    await claimImages(
      db,
      storage,
      row.userId,
      body.images.filter((url) => !before.includes(url)),
    );
    columns.imageUrl = body.images[0] ?? '';
    columns.extraImages = body.images.slice(1);
    dropped = before.filter((url) => !body.images!.includes(url));
  }
  if (body.latitude !== undefined || body.exactLocation !== undefined) {
    const exactLocation = body.exactLocation ?? row.exactLocation;
    const exact =
      body.latitude !== undefined && body.longitude !== undefined
        ? { lat: body.latitude, lng: body.longitude }
        : row.latitude !== null && row.longitude !== null
          ? { lat: Number(row.latitude), lng: Number(row.longitude) }
          : null;
    if (exact) {
      const secret = await locationSecret(db);
      const point = exactLocation ? undefined : await pointForPoster(db, row.userId, exact, secret);
      Object.assign(columns, {
        latitude: exact.lat.toFixed(8),
        longitude: exact.lng.toFixed(8),
        ...publishedColumns(exact, exactLocation, secret, point),
      });
    } else columns.exactLocation = exactLocation;
  }
  return { columns, dropped };
}

/**
 * Edits an item (title, description, tags, photos, place), marks it taken (given) or available
 * again (withdrawing a promise), or renews it for another TTL. Everything is checked before
 * anything changes. Status changes go through the handover, which tells the people who asked about
 * the item; photos the edit drops that no item shows any more are removed.
 */
export async function changeItem(
  db: Db,
  storage: ImageStorage,
  id: number,
  body: UpdateItemInput,
  ttlDays: number,
  viewer: Viewer,
  log: Pick<Log, 'warn'>,
): Promise<ItemDetail> {
  const row = await selectItem(db, id);
  if (!row) throw notFound(ITEM_MSG.notFound);
  const current = toDetail(row, viewer);
  const { columns, dropped } = await editedColumns(db, storage, row, body);
  const expired = current.status === 'expired' || (current.expiresAt !== null && Date.parse(current.expiresAt) <= Date.now());
  if (body.status) await changeHandover(db, id, { to: body.status });
  // Made available again, or renewed, after its expiry: it is listed for another TTL.
  if (body.renew || (body.status === 'available' && expired)) {
    columns.expiresAt = new Date(Date.now() + ttlDays * DAY_MS);
    if (body.status === undefined && current.status === 'expired') columns.status = 'available';
  }
  // What alerts look at changed (text, tags, type, place): matched again, in the same transaction.
  const rematch = (['title', 'description', 'tags', 'type', 'latitude'] as const).some((k) => columns[k] !== undefined);
  if (Object.keys(columns).length > 0) {
    await db.transaction(async (tx) => {
      await updateItem(tx, id, columns);
      if (rematch) await queueAlertMatching(tx, id);
    });
  }
  await discardUnshown(db, storage, dropped, log);
  return getItem(db, id, viewer);
}

/** Deletes an item and the stored files of its images that no other item shows. */
export async function removeItem(db: Db, storage: ImageStorage, id: number, log: Pick<Log, 'warn'>): Promise<void> {
  const deleted = await deleteItem(db, id);
  if (!deleted) throw notFound(ITEM_MSG.notFound);
  // The item is gone either way; a file left behind by a storage hiccup is only a little waste.
  for (const imageUrl of deleted.unusedImages) {
    await discardImage(db, storage, imageUrl).catch((err: unknown) => log.warn({ err, imageUrl }, 'could not delete image files'));
  }
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
      type: r.type,
      status: r.status,
      promisedTo: r.promisedToId !== null && r.promisedToUsername !== null ? { id: r.promisedToId, username: r.promisedToUsername } : null,
      conversations: Number(r.conversations),
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt ? r.expiresAt.toISOString() : null,
      ...(r.hiddenReason !== null ? { hiddenReason: r.hiddenReason } : {}),
    })),
    pagination: paginationOf(page, q.limit, rows.length, page * q.limit < total, { total }),
  };
}
