import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client.js';
import { appSecrets } from './schema.js';

/**
 * The server secret of this name (256 random bits, base64url), the same for every app process on
 * this database and needing no configuration: the first process to ask makes it. Two processes
 * asking at once both try to insert; `on conflict do nothing` keeps the first, and both read that.
 * `make` makes the value when it is not a random string (e.g. a key pair as JSON).
 */
export async function getSecret(db: Db, name: string, make: () => string = () => randomBytes(32).toString('base64url')): Promise<string> {
  const stored = async () =>
    (await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)).limit(1))[0]?.value;
  const existing = await stored();
  if (existing) return existing;
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing({ target: appSecrets.name });
  const made = await stored();
  if (!made) throw new Error(`secret ${name} could not be stored`);
  return made;
}
