import type { RegisterInput, SessionUser } from '#shared/auth.js';
import { type Language, languageOrUndefined } from '#shared/i18n.js';
import { MSG } from '#shared/messages.js';
import { distanceUnitOf } from '#shared/distance-unit.js';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../../db/client.js';
import { AppError, badRequest } from '../../errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.js';
import { passwordProblem } from './password-policy.js';
import { findUserByUsername, insertUser, updateUser } from '../../users/repository.js';

const toSessionUser = (u: {
  id: number;
  username: string;
  isAdmin: boolean;
  language: string | null;
  distanceUnit: string;
}): SessionUser => ({
  id: u.id,
  username: u.username,
  isAdmin: u.isAdmin,
  language: languageOrUndefined(u.language) ?? null,
  distanceUnit: distanceUnitOf(u.distanceUnit),
});

/**
 * Creates an account; a name taken in any letter case is refused. `language`: the one the page was
 * in; `registeredFromUserId`: the account on whose browser it is made, kept for the admins.
 */
export async function registerUser(
  db: Db,
  body: RegisterInput,
  language: Language,
  registeredFromUserId: number | null = null,
): Promise<SessionUser> {
  if (await findUserByUsername(db, body.username)) throw badRequest(MSG.usernameTaken);
  const problem = passwordProblem(body.password, body.username);
  if (problem) throw badRequest(problem);
  const passwordHash = await hashPassword(body.password);
  try {
    const row = await insertUser(db, {
      username: body.username,
      passwordHash,
      isVisible: body.isVisible,
      phoneNumber: body.phoneNumber,
      language,
      registeredFromUserId,
    });
    return toSessionUser(row);
  } catch (err) {
    // Two registrations of one name at the same moment: the unique index decides.
    if (sqlState(err) === UNIQUE_VIOLATION) throw badRequest(MSG.usernameTaken);
    throw err;
  }
}

/** Checks a name and password; unknown user and wrong password fail alike, in about the same time. */
export async function authenticate(db: Db, username: string, password: string): Promise<SessionUser> {
  const user = await findUserByUsername(db, username);
  const ok = await verifyPassword(user?.password ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw new AppError(401, MSG.invalidCredentials);
  return toSessionUser(user);
}

/** Makes sure the configured admin exists, is an admin and has the configured password. */
export async function ensureAdmin(db: Db, username: string, password: string): Promise<'created' | 'updated' | 'unchanged'> {
  let existing = await findUserByUsername(db, username);
  if (!existing) {
    try {
      await insertUser(db, { username, passwordHash: await hashPassword(password), isVisible: false, isAdmin: true });
      return 'created';
    } catch (err) {
      // Made meanwhile by another process (admin:create beside a starting server): check that one.
      if (sqlState(err) !== UNIQUE_VIOLATION) throw err;
      existing = await findUserByUsername(db, username);
      if (!existing) throw err;
    }
  }
  const passwordOk = await verifyPassword(existing.password, password);
  if (existing.isAdmin && passwordOk) return 'unchanged';
  await updateUser(db, existing.id, {
    isAdmin: true,
    ...(passwordOk ? {} : { password: await hashPassword(password) }),
  });
  return 'updated';
}
