import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES } from '#shared/people.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type CodePurpose = 'phone' | 'reset';

/** A code sent less than this long ago is not replaced by a new one (SMS cost, spam). */
export const RESEND_AFTER_MS = 60_000;

// Six digits are guessable offline from any hash; the hash keeps codes out of dumps and logs, and
// the real protection is the 10-minute life and the 5 tries.
const hashCode = (userId: number, purpose: CodePurpose, code: string) =>
  createHash('sha256').update(`${userId}:${purpose}:${code}`).digest('hex');

/** Makes a new 6-digit code for the user and purpose, storing only its hash; answers the code. */
export async function issueCode(db: Db, userId: number, purpose: CodePurpose): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(users)
    .set({
      verificationCode: hashCode(userId, purpose, code),
      verificationPurpose: purpose,
      verificationAttempts: 0,
      verificationCodeExpiry: sql`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
      verificationSentAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  return code;
}

/** Whether a code for this purpose was sent to the user within RESEND_AFTER_MS. */
export function sentRecently(user: { verificationPurpose: string | null; verificationSentAt: Date | null }, purpose: CodePurpose): boolean {
  return (
    user.verificationPurpose === purpose &&
    user.verificationSentAt !== null &&
    Date.now() - user.verificationSentAt.getTime() < RESEND_AFTER_MS
  );
}

/**
 * Checks a code: 'ok' (and the code is used up), 'invalid' (wrong, expired or none), or
 * 'too-many' once five tries are spent (the code is then void). The try is counted before the
 * comparison, in one UPDATE, so parallel guesses cannot get more than five. With `tellSpent`
 * false a spent code is just 'invalid', in that one UPDATE: the answer and its work are then the
 * same for a spent code, no code and no such user (id 0), for a caller who must not learn which.
 */
export async function consumeCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  code: string,
  tellSpent = true,
): Promise<'ok' | 'invalid' | 'too-many'> {
  const [row] = await db
    .update(users)
    .set({ verificationAttempts: sql`${users.verificationAttempts} + 1` })
    .where(and(eq(users.id, userId), eq(users.verificationPurpose, purpose), lt(users.verificationAttempts, CODE_MAX_ATTEMPTS)))
    .returning({ hash: users.verificationCode, expiry: users.verificationCodeExpiry, attempts: users.verificationAttempts });
  if (!row) {
    if (!tellSpent) return 'invalid';
    const [spent] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.verificationPurpose, purpose)))
      .limit(1);
    return spent ? 'too-many' : 'invalid';
  }
  const expected = Buffer.from(row.hash ?? '');
  const given = Buffer.from(hashCode(userId, purpose, code));
  const matches = expected.length === given.length && timingSafeEqual(expected, given);
  const fresh = row.expiry !== null && row.expiry.getTime() > Date.now();
  if (matches && fresh) {
    await clearCode(db, userId);
    return 'ok';
  }
  return tellSpent && row.attempts >= CODE_MAX_ATTEMPTS ? 'too-many' : 'invalid';
}

export async function clearCode(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({
      verificationCode: null,
      verificationPurpose: null,
      verificationAttempts: 0,
      verificationCodeExpiry: null,
      verificationSentAt: null,
    })
    .where(eq(users.id, userId));
}
