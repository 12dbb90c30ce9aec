// The outbox's one door for other features: they call `enqueue` inside the transaction of the change
// that causes the events, so an event exists exactly when its change does (docs/decisions/014).
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { NotificationType } from '#shared/notification-rules.js';
import type { Db } from '../../db/client.js';
import { notificationEvents } from '../../db/schema.js';

export interface OutboxEvent {
  type: NotificationType;
  recipientId: number;
  /** Who caused it: never told themself, and nobody is told of a person they blocked or who blocked them. */
  actorId?: number | null;
  itemId?: number | null;
  conversationId?: number | null;
  supportRequestId?: number | null;
  expiresAt?: Date | null;
}

/** Writes events to the outbox, in the caller's transaction (`db` may be one). Events to their own actor are left out. */
export async function enqueue(db: Db, events: OutboxEvent[]): Promise<void> {
  const told = events.filter((e) => e.actorId == null || e.actorId !== e.recipientId);
  if (told.length === 0) return;
  await db.insert(notificationEvents).values(told);
}

/**
 * The same from inside one SQL statement: a data-modifying CTE named `source` with the columns
 * `recipient_id`, `item_id` (and `expires_at` when `withExpiry`) becomes one event of `type` per row.
 * Used by the listing sweeps, whose UPDATE ... RETURNING and the events are one statement.
 */
export function enqueueFromRows(type: NotificationType, withExpiry = false): SQL {
  return withExpiry
    ? sql`INSERT INTO notification_events (type, recipient_id, item_id, expires_at) SELECT ${type}, recipient_id, item_id, expires_at FROM source`
    : sql`INSERT INTO notification_events (type, recipient_id, item_id) SELECT ${type}, recipient_id, item_id FROM source`;
}
