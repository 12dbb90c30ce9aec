import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** Whether another account has this address verified (any letter case). */
export async function verifiedByAnother(db: Db, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isEmailVerified, true), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

/** Sets the address (unverified), with the hash of a new link's token; null removes both. Once an address was set, the /home card is not shown again. */
export async function storeEmail(db: Db, userId: number, email: string | null, tokenHash: string | null, ttlHours: number): Promise<void> {
  await db
    .update(users)
    .set({ email, isEmailVerified: false, ...tokenColumns(tokenHash, ttlHours), ...(email === null ? {} : { emailPromptDismissed: true }) })
    .where(eq(users.id, userId));
}

/** Replaces the pending link's token of the current address. */
export async function storeEmailToken(db: Db, userId: number, tokenHash: string | null, ttlHours: number): Promise<void> {
  await db.update(users).set(tokenColumns(tokenHash, ttlHours)).where(eq(users.id, userId));
}

const tokenColumns = (tokenHash: string | null, ttlHours: number) =>
  tokenHash
    ? { emailToken: tokenHash, emailTokenExpiry: sql`now() + make_interval(hours => ${ttlHours})`, emailTokenSentAt: sql`now()` }
    : { emailToken: null, emailTokenExpiry: null, emailTokenSentAt: null };

/**
 * Marks the address of the account holding this token (hash) verified and spends the token, in
 * one UPDATE: a link works once, and not after its expiry. Answers the user's id, or undefined.
 * Throws the unique violation when another account verified the same address first.
 */
export async function verifyEmailToken(db: Db, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ isEmailVerified: true, emailToken: null, emailTokenExpiry: null, emailTokenSentAt: null })
    .where(and(eq(users.emailToken, tokenHash), gt(users.emailTokenExpiry, sql`now()`)))
    .returning({ id: users.id });
  return row?.id;
}

export async function dismissEmailPrompt(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ emailPromptDismissed: true }).where(eq(users.id, userId));
}
