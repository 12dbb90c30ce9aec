import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PAGE_ROUTES } from '#shared/routes.js';
import { SHARED_KEPT, SHARED_LOST, SHARED_PARAM, SHARED_PHOTOS_CACHE } from '#shared/share-target.js';

/** The files the service worker kept from a share (docs/decisions/026-share-target.md), in order; taken once. */
async function takeSharedFiles(): Promise<File[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(SHARED_PHOTOS_CACHE);
  const requests = [...(await cache.keys())];
  const number = (request: Request) => Number(new URL(request.url).pathname.split('/').pop());
  const files = await Promise.all(
    requests
      .sort((a, b) => number(a) - number(b))
      .map(async (request) => {
        const response = (await cache.match(request))!;
        const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'photo');
        return new File([await response.blob()], name, { type: response.headers.get('content-type') ?? '' });
      }),
  );
  await caches.delete(SHARED_PHOTOS_CACHE);
  return files;
}

/**
 * Post item opened from the share sheet (`?shared=kept` or `?shared=lost`): the kept photos go to
 * `onFiles` as if chosen (the picker's own rules say what is refused or too many), or the page says
 * that they did not arrive. The query is then dropped, so a reload does not share again.
 */
export function useSharedPhotos(onFiles: (files: File[]) => void, enabled: boolean): { lost: boolean } {
  const search = useSearch();
  const [, navigate] = useLocation();
  const shared = new URLSearchParams(search).get(SHARED_PARAM);
  const [lost, setLost] = useState(false);
  const taking = useRef(false);
  const take = useRef(onFiles);
  useEffect(() => {
    take.current = onFiles;
  });
  useEffect(() => {
    if (!enabled || (shared !== SHARED_KEPT && shared !== SHARED_LOST) || taking.current) return;
    taking.current = true;
    void (shared === SHARED_KEPT ? takeSharedFiles().catch(() => []) : Promise.resolve([])).then((files) => {
      if (files.length > 0) take.current(files);
      else setLost(true);
      navigate(PAGE_ROUTES.postItem, { replace: true });
    });
  }, [enabled, shared, navigate]);
  return { lost };
}
