// What other features may ask of uploads: whether an image is someone's own upload, that an item
// now uses it, and removing one no item shows any more.
import type { Db } from '../../db/client.js';
import type { ImageStorage } from '../../plugins/storage.js';
import * as repository from './repository.js';

/** Whether this image address is one of this user's own recorded uploads. */
export const isOwnUpload = (db: Db, storage: ImageStorage, userId: number, url: string): Promise<boolean> =>
  repository.isOwnUpload(db, storage, userId, url);

/** Marks an upload as used by an item: the sweep never removes it while it is. */
export const markUploadInUse = (db: Db, storage: ImageStorage, url: string): Promise<void> => repository.markUploadInUse(db, storage, url);

/** Removes an image no item shows any more: its upload record, then both sizes' files. */
export const discardImage = (db: Db, storage: ImageStorage, url: string): Promise<void> => repository.discardImage(db, storage, url);

/** The hourly sweep of uploads no item uses once they are old enough (an item's every photo is in use). */
export { sweepUnusedUploads } from './repository.js';
