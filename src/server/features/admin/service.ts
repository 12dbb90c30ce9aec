import type { z } from 'zod';
import { type AdminUser, type adminNoteSchema, type adminVendorSchema, PEOPLE_MSG } from '#shared/people.js';
import { type Db, sqlState, UNIQUE_VIOLATION } from '../../db/client.js';
import { badRequest, notFound } from '../../errors.js';
import type { ImageStorage } from '../../plugins/storage.js';
import { type Actor, authorize } from '../../policies/index.js';
import { findUserById } from '../../users/repository.js';
import { publicNotes } from '../search/service.js';
import { discardImage } from '../uploads/service.js';
import { deleteStoredAvatar } from '../uploads/images.js';
import {
  type AdminUserRow,
  type AdminVendorRow,
  deleteUserCascade,
  imagesOnlyShownBy,
  insertVendor,
  selectUsers,
  selectVendor,
  selectVendors,
  updatePhoneVerified,
  updateVendorActive,
} from './repository.js';

type AdminNote = z.infer<typeof adminNoteSchema>;
type AdminVendor = z.infer<typeof adminVendorSchema>;

/**
 * The query deleting a user runs to find the images only its items show: for the plan check on many
 * items (features/items/explain.test.ts), which must not reach into this feature's repository.
 */
export const imagesOnlyShownByQuery = (db: Db, userId: number) => imagesOnlyShownBy(db, userId);

/** Users a page of the admin table holds. */
const ADMIN_USERS_PAGE_SIZE = 100;

const toAdminUser = (r: AdminUserRow): AdminUser => ({
  id: r.id,
  username: r.username,
  phoneNumber: r.phoneNumber,
  isAdmin: r.isAdmin,
  isPhoneVerified: r.isPhoneVerified,
  isVisible: r.isVisible,
  markedForDeletion: r.markedForDeletion,
  createdAt: r.createdAt.toISOString(),
});
const toAdminVendor = (r: AdminVendorRow): AdminVendor => ({ ...r, createdAt: r.createdAt.toISOString() });

/** One page (1-based) of users, newest first, optionally those whose name contains the text. */
export async function listUsers(db: Db, opts: { query?: string; page: number }): Promise<AdminUser[]> {
  const rows = await selectUsers(db, {
    text: opts.query || undefined,
    limit: ADMIN_USERS_PAGE_SIZE,
    offset: (opts.page - 1) * ADMIN_USERS_PAGE_SIZE,
  });
  return rows.map(toAdminUser);
}

/** Sets or clears a user's phone-verified marker. */
export async function setUserVerified(db: Db, id: number, isVerified: boolean): Promise<AdminUser> {
  if (!(await updatePhoneVerified(db, id, isVerified))) throw notFound(PEOPLE_MSG.userNotFound);
  const row = await findUserById(db, id);
  if (!row) throw notFound(PEOPLE_MSG.userNotFound);
  return toAdminUser(row);
}

/** Deletes a non-admin user with everything that is theirs, then the image files no other item shows. */
export async function removeUser(
  db: Db,
  storage: ImageStorage,
  actor: Actor,
  id: number,
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const avatarKey = (await findUserById(db, id))?.avatarKey ?? null;
  // Decided on the locked row (users.remove: an admin's account never), before anything is deleted.
  const outcome = await deleteUserCascade(db, id, (person) => authorize(actor, 'user:remove', person));
  if (outcome === 'not-found') throw notFound(PEOPLE_MSG.userNotFound);
  // Files go only after the commit: a rolled-back delete must not leave items without pictures.
  // A file left behind by a storage hiccup is only a little waste; the user is gone either way.
  await Promise.all(
    outcome.unusedImages.map((imageUrl) =>
      discardImage(db, storage, imageUrl).catch((err: unknown) =>
        log.warn({ err, imageUrl }, 'could not delete image files of a deleted user'),
      ),
    ),
  );
  // The profile photo's files (thanks given and received went with the user's row).
  if (avatarKey)
    await deleteStoredAvatar(storage, avatarKey).catch((err: unknown) => log.warn({ err }, 'could not delete a profile photo'));
}

/** Public notes, newest first, with their author's name when the author still exists. */
export async function listPublicNotes(db: Db): Promise<AdminNote[]> {
  const rows = await publicNotes(db);
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    createdById: r.createdById,
    creatorUsername: r.username,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Every vendor with the number of payment links using it. */
export async function listVendors(db: Db): Promise<AdminVendor[]> {
  return (await selectVendors(db)).map(toAdminVendor);
}

async function getVendor(db: Db, id: number): Promise<AdminVendor> {
  const row = await selectVendor(db, id);
  if (!row) throw notFound(PEOPLE_MSG.vendorNotFound);
  return toAdminVendor(row);
}

/** Adds a vendor; a name that exists in any letter case is refused. */
export async function createVendor(db: Db, name: string, adminId: number): Promise<AdminVendor> {
  let id: number;
  try {
    id = await insertVendor(db, name, adminId);
  } catch (err) {
    // The unique index on lower(name) decides, also between two admins adding the same name at once.
    if (sqlState(err) === UNIQUE_VIOLATION) throw badRequest(PEOPLE_MSG.vendorExists);
    throw err;
  }
  return getVendor(db, id);
}

/** Deactivates a vendor (offered no more; payment links already made stay) or reactivates it. */
export async function setVendorActive(db: Db, id: number, active: boolean): Promise<AdminVendor> {
  if (!(await updateVendorActive(db, id, active))) throw notFound(PEOPLE_MSG.vendorNotFound);
  return getVendor(db, id);
}
