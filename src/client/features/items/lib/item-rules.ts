import type { ItemDetail } from '#shared/items.js';

const RENEW_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Renew is offered when the item has expired or expires within 7 days. */
export function isRenewDue(item: Pick<ItemDetail, 'status' | 'expiresAt'>, now = Date.now()): boolean {
  if (item.status === 'expired') return true;
  if (!item.expiresAt) return false;
  const expires = new Date(item.expiresAt).getTime();
  return Number.isFinite(expires) && expires - now <= RENEW_WINDOW_MS;
}

/** Who looks at an item: a signed-in person, a visitor (null), or not known yet (undefined). Who may do what: src/shared/policies/items.ts. */
export type Viewer = { id: number; isAdmin: boolean } | null | undefined;
