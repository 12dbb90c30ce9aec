import { useEffect, useRef, useState } from 'react';
import { MAX_IMAGES } from '#shared/constants.js';
import type { MessageId } from '#shared/i18n.js';
import { ITEM_MSG, thumbnailUrlOf, UPLOAD_MAX_BYTES } from '#shared/item-format.js';
import { toast } from '@/components/ui/use-toast';
import { type Translate, useT } from '@/lib/i18n';
import type { Position } from '@/lib/geolocation';
import { uploadImage } from '../api';
import { failureText } from '../lib/error-text';
import { isAcceptedImage, refusalOf } from '../lib/image-files';
import { type PhotoLocationResult, readPhotoLocation } from '../lib/photo-gps';
import { movePhoto, movePhotoTo } from '../lib/photo-order';

/** The toast for each outcome of reading a photo's GPS position (docs/product.md, Input rules). */
function photoLocationToast(t: Translate, result: Exclude<PhotoLocationResult, { kind: 'found' }> | { kind: 'unexpected' }) {
  const manual = t('items.photoLocation.manual');
  switch (result.kind) {
    case 'none':
      return { title: t('items.photoLocation.noneTitle'), description: t('items.photoLocation.none') };
    case 'library-failed':
      return { title: t('items.photoLocation.libraryFailedTitle'), description: t('items.photoLocation.libraryFailed') };
    case 'read-failed':
      return { title: t('items.photoLocation.readFailedTitle'), description: manual };
    case 'process-failed':
      return { title: t('items.photoLocation.processFailedTitle'), description: manual };
    case 'image-failed':
      return { variant: 'destructive' as const, title: t('items.photoLocation.imageFailedTitle') };
    case 'unexpected':
      return { title: t('items.photoLocation.unexpectedTitle'), description: manual };
  }
}

export type ChosenPhoto = {
  key: number;
  /** What the list shows: the file's object URL, or the stored photo's thumbnail. */
  previewUrl: string;
  /** The stored image's address once uploaded (what the item keeps). */
  imageUrl: string | null;
  uploading: boolean;
  /** Where the photo says it was taken: undefined while read, null when it does not say. */
  position?: Position | null;
};

type PhotosOptions = {
  /** Photos the item already has (editing), cover first. */
  initial?: readonly string[];
  /** The photos' stored addresses changed (cover first): the form's images. */
  onChange: (imageUrls: string[]) => void;
  /** The first photo that knows where it was taken says so (posting only; an edit keeps its place). */
  onPosition?: (position: Position) => void;
};

let nextKey = 0;

/**
 * The form's photos, up to MAX_IMAGES, cover first: checks chosen files, shows their previews,
 * uploads them one after another (the server takes only a couple at once from one account), reads
 * their GPS positions; the place comes from the first photo, in the list's order, that has one.
 * Answers about a photo removed meanwhile (or the form posted) are ignored.
 */
export function usePhotos({ initial = [], onChange, onPosition }: PhotosOptions) {
  const t = useT();
  const [photos, setPhotos] = useState<ChosenPhoto[]>(() =>
    initial.map((url) => ({ key: ++nextKey, previewUrl: thumbnailUrlOf(url), imageUrl: url, uploading: false, position: null })),
  );
  // What the handlers and the answers of uploads see: the list as last rendered.
  const photosRef = useRef(photos);
  const uploads = useRef<Promise<void>>(Promise.resolve());
  const placeFrom = useRef<number | null>(null);
  const objectUrls = useRef(new Set<string>());
  const [tooMany, setTooMany] = useState(false);
  // The last pick had a file that is not a photo (or a HEIC one): what is said beside the photos too
  // (the toast may be replaced at once by the photos' location toast).
  const [refused, setRefused] = useState<MessageId | null>(null);

  // Object URLs are released when their photo goes, or with the form.
  useEffect(() => {
    const urls = objectUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const imageUrls = photos.flatMap((p) => (p.imageUrl ? [p.imageUrl] : []));
  const imagesKey = imageUrls.join('\n');
  const changed = useRef(onChange);
  useEffect(() => {
    photosRef.current = photos;
    changed.current = onChange;
  });
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    changed.current(imagesKey ? imagesKey.split('\n') : []);
  }, [imagesKey]);

  // The place follows the first photo that knows where it was taken, when that photo changes.
  const located = onPosition ? photos.find((p) => p.position) : undefined;
  useEffect(() => {
    if (!located?.position || placeFrom.current === located.key) return;
    placeFrom.current = located.key;
    onPosition?.(located.position);
    toast({ title: t('items.photoLocation.foundTitle'), description: t('items.photoLocation.found') });
  }, [located, onPosition, t]);

  const update = (key: number, patch: Partial<ChosenPhoto>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const present = (key: number) => photosRef.current.some((p) => p.key === key);
  const release = (photo: ChosenPhoto) => {
    if (objectUrls.current.delete(photo.previewUrl)) URL.revokeObjectURL(photo.previewUrl);
  };

  const onFiles = (files: File[]) => {
    if (files.length === 0) return;
    const images = files.filter(isAcceptedImage);
    const refusal = refusalOf(files.filter((f) => !isAcceptedImage(f)));
    setRefused(refusal);
    if (refusal) toast({ variant: 'destructive', title: t('items.toast.error'), description: t(refusal) });
    const fitting = images.filter((f) => f.size <= UPLOAD_MAX_BYTES);
    if (fitting.length < images.length) {
      toast({ variant: 'destructive', title: t('items.toast.error'), description: t(ITEM_MSG.imageTooLarge) });
    }
    const room = MAX_IMAGES - photosRef.current.length;
    // Said beside the photos (a toast could be replaced at once by the photos' location toast).
    setTooMany(fitting.length > room);
    const chosen = fitting.slice(0, Math.max(room, 0)).map((file) => {
      const previewUrl = URL.createObjectURL(file);
      objectUrls.current.add(previewUrl);
      return { file, photo: { key: ++nextKey, previewUrl, imageUrl: null, uploading: true, position: onPosition ? undefined : null } };
    });
    if (chosen.length === 0) return;
    setPhotos((list) => [...list, ...chosen.map((c) => c.photo)]);

    for (const { file, photo } of chosen) {
      uploads.current = uploads.current.then(async () => {
        if (!present(photo.key)) return;
        try {
          const result = await uploadImage(file);
          update(photo.key, { imageUrl: result.imageUrl, uploading: false });
        } catch (error) {
          if (!present(photo.key)) return;
          release(photo);
          setPhotos((list) => list.filter((p) => p.key !== photo.key));
          toast({ variant: 'destructive', title: t('items.toast.error'), description: t(failureText('items.image.uploadFailed', error)) });
        }
      });
    }

    if (!onPosition) return;
    void Promise.all(
      chosen.map(({ file, photo }) =>
        readPhotoLocation(file)
          .catch(() => ({ kind: 'unexpected' }) as const)
          .then((result) => {
            if (present(photo.key)) update(photo.key, { position: result.kind === 'found' ? result.position : null });
            return result;
          }),
      ),
    ).then((results) => {
      // Said once for the pick, and only when no photo gives the place.
      if (results.some((r) => r.kind === 'found') || photosRef.current.some((p) => p.position)) return;
      const first = results[0];
      if (first && first.kind !== 'found') toast(photoLocationToast(t, first));
    });
  };

  const remove = (key: number) => {
    const photo = photosRef.current.find((p) => p.key === key);
    if (photo) release(photo);
    if (placeFrom.current === key) placeFrom.current = null;
    setTooMany(false);
    setRefused(null);
    setPhotos((list) => list.filter((p) => p.key !== key));
  };

  const move = (key: number, by: -1 | 1) => setPhotos((list) => movePhoto(list, key, by));
  const moveTo = (key: number, to: number) => setPhotos((list) => movePhotoTo(list, key, to));

  /** Drops every photo and anything still on its way about them (the form was posted). */
  const forget = () => {
    photosRef.current.forEach(release);
    placeFrom.current = null;
    photosRef.current = [];
    setPhotos([]);
  };

  return {
    photos,
    onFiles,
    remove,
    move,
    moveTo,
    forget,
    tooMany,
    refused,
    uploading: photos.some((p) => p.uploading),
    full: photos.length >= MAX_IMAGES,
  };
}
