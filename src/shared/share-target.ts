// The app in the phone's share sheet (docs/decisions/026-share-target.md): the manifest's
// `share_target` posts the shared photos to SHARE_TARGET_PATH; the service worker keeps them and
// sends the person to Post item, which loads them. Read by the manifest (vite.config.ts), the
// worker, the post form and the server (which answers the same POST when no worker does).
import { PAGE_ROUTES } from './routes.js';

/** Where the share sheet posts (multipart/form-data). Not a page: the worker or the server answers it. */
export const SHARE_TARGET_PATH = '/share-target';
/** The form field of the shared files. */
export const SHARE_FILES_FIELD = 'photos';
/** The Cache Storage cache where the worker keeps the shared files until Post item takes them. */
export const SHARED_PHOTOS_CACHE = 'shared-photos';
/** Post item's `shared` query value: the worker kept the photos (`kept`), or they were lost on the way (`lost`: no worker answered). */
export const SHARED_PARAM = 'shared';
export const SHARED_KEPT = 'kept';
export const SHARED_LOST = 'lost';

/** Where a share leads: Post item, saying whether the photos were kept. */
export function sharedPostItemPath(kept: boolean): string {
  return `${PAGE_ROUTES.postItem}?${SHARED_PARAM}=${kept ? SHARED_KEPT : SHARED_LOST}`;
}
