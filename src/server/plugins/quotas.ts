import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QUOTA_MSG, type RateQuota, type TotalQuota } from '#shared/quotas.js';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { requireUser } from './guards.js';

const HOUR_MS = 60 * 60 * 1000;
const WINDOW_MS: Record<RateQuota, number> = {
  uploadsPerHour: HOUR_MS,
  uploadsPerDay: 24 * HOUR_MS,
  itemsPerDay: 24 * HOUR_MS,
  notesPerDay: 24 * HOUR_MS,
  supportRequestsPerDay: 24 * HOUR_MS,
};

/**
 * Route hook (preHandler, after signedIn and validation): counts one more of each kind for the
 * signed-in user and answers 429 with Retry-After once one is used up, before the handler reads
 * anything more (an upload's body is not even read). Counted in the store of the other rate limits:
 * Redis with REDIS_URL, so every app process shares the count (docs/decisions/009-quotas.md).
 * Admins are exempt from everything but uploads, which cost memory and disk whoever sends them.
 */
export function rateQuota(app: FastifyInstance, ...kinds: RateQuota[]) {
  const checks = kinds.map((kind) => {
    const max = app.config.quotas[kind];
    const check = app.createRateLimit({
      max,
      timeWindow: WINDOW_MS[kind],
      keyGenerator: async (request) => `quota:${kind}:${(await requireUser(request)).id}`,
    });
    return { kind, max, check };
  });
  const adminsExempt = !kinds.some((kind) => kind.startsWith('uploads'));
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const user = await requireUser(request);
    if (adminsExempt && user.isAdmin) return;
    for (const { kind, max, check } of checks) {
      const outcome = await check(request);
      if (outcome.isAllowed || !outcome.isExceeded) continue;
      reply.header('retry-after', String(outcome.ttlInSeconds));
      throw new AppError(429, QUOTA_MSG.rate(kind, max, outcome.ttlInSeconds));
    }
  };
}

/** Advisory lock classes (first key; the user id is the second) of the kept totals. */
const LOCK_CLASS: Record<TotalQuota, number> = { paymentLinks: 9001, linkedUsers: 9002, blocks: 9003, alerts: 9004 };

/** What withinTotal counts: a table, and its column of the user each row belongs to. */
export type Kept = { table: PgTable; owner: PgColumn };

/**
 * Adds one more of a kept kind (payment links, linked people, blocks) only while the user has fewer
 * than the configured total; otherwise `status` (409 unless the contract says otherwise) and
 * nothing is stored. Count and insert hold a per-user lock in one transaction: requests racing in
 * any number of app processes cannot pass the total together.
 */
export async function withinTotal<T>(
  db: Db,
  kind: TotalQuota,
  userId: number,
  max: number,
  kept: Kept,
  insert: (tx: Db) => Promise<T>,
  status = 409,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS[kind]}::int, ${userId}::int)`);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(kept.table)
      .where(eq(kept.owner, userId));
    if (Number(row?.n ?? 0) >= max) throw new AppError(status, QUOTA_MSG.total(kind, max));
    return insert(tx);
  });
}
