import type { ItemDetail } from '../../../../shared/items.js';

const RENEW_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Renew is offered when the item has expired or expires within 7 days. */
export function isRenewDue(item: Pick<ItemDetail, 'status' | 'expiresAt'>, now = Date.now()): boolean {
  if (item.status === 'expired') return true;
  if (!item.expiresAt) return false;
  const expires = new Date(item.expiresAt).getTime();
  return Number.isFinite(expires) && expires - now <= RENEW_WINDOW_MS;
}

export type Viewer = { id: number; isAdmin: boolean } | null | undefined;

/** Owners and admins may delete an item and change its status. */
export function canManageItem(viewer: Viewer, item: { userId: number }): boolean {
  return Boolean(viewer && (viewer.isAdmin || viewer.id === item.userId));
}
