import { useEffect, useRef, useState } from 'react';
import { ITEM_MSG, UPLOAD_MAX_BYTES } from '../../../../shared/items.js';
import { toast } from '@/components/ui/use-toast';
import { type Translate, useT } from '@/lib/i18n';
import type { Position } from '@/lib/geolocation';
import { useUploadImage } from '../api';
import { failureText } from '../lib/error-text';
import { checkImageFiles, IMAGE_MSG } from '../lib/image-files';
import { type PhotoLocationResult, readPhotoLocation } from '../lib/photo-gps';

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

type ChosenImage = { previewUrl: string; uploading: boolean };

type PhotoCallbacks = {
  /** The upload answered: the form's imageUrl. */
  onUploaded: (imageUrl: string) => void;
  /** The form's imageUrl is empty again: a new photo is on its way (`validate` false) or it was removed (true). */
  onCleared: (validate: boolean) => void;
  /** The photo says where it was taken. */
  onPosition: (position: Position) => void;
};

/**
 * The post form's one photo: checks the chosen file, shows its preview, uploads it and reads its
 * GPS position, each with its toast. Each chosen file gets a number; answers about an older file
 * (replaced, removed, or the form posted meanwhile) are ignored.
 */
export function usePhoto({ onUploaded, onCleared, onPosition }: PhotoCallbacks) {
  const t = useT();
  const upload = useUploadImage();
  const [image, setImage] = useState<ChosenImage | null>(null);
  const fileSeq = useRef(0);

  // The preview's object URL is released when it is replaced or the form goes away.
  const previewUrl = image?.previewUrl;
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const onFiles = (files: File[]) => {
    const check = checkImageFiles(files);
    if (check.kind === 'none') return;
    if (check.kind === 'too-many') {
      toast({ variant: 'destructive', title: t('items.toast.error'), description: t(IMAGE_MSG.onlyOne) });
      return;
    }
    if (check.kind === 'not-image') {
      toast({ variant: 'destructive', title: t('items.toast.error'), description: t(IMAGE_MSG.notImage) });
      return;
    }
    const file = check.file;
    if (file.size > UPLOAD_MAX_BYTES) {
      toast({ variant: 'destructive', title: t('items.toast.error'), description: t(ITEM_MSG.imageTooLarge) });
      return;
    }

    const seq = ++fileSeq.current;
    setImage({ previewUrl: URL.createObjectURL(file), uploading: true });
    onCleared(false);

    upload.mutate(file, {
      onSuccess: (result) => {
        if (seq !== fileSeq.current) return;
        setImage((current) => (current ? { ...current, uploading: false } : current));
        onUploaded(result.imageUrl);
      },
      onError: (error) => {
        if (seq !== fileSeq.current) return;
        fileSeq.current++;
        setImage(null);
        toast({ variant: 'destructive', title: t('items.toast.error'), description: t(failureText('items.image.uploadFailed', error)) });
      },
    });

    void readPhotoLocation(file)
      .catch(() => ({ kind: 'unexpected' }) as const)
      .then((result) => {
        if (seq !== fileSeq.current) return;
        if (result.kind === 'found') {
          onPosition(result.position);
          toast({ title: t('items.photoLocation.foundTitle'), description: t('items.photoLocation.found') });
        } else {
          toast(photoLocationToast(t, result));
        }
      });
  };

  /** Drops the photo and anything still on its way about it. */
  const forget = () => {
    fileSeq.current++;
    setImage(null);
  };

  const remove = () => {
    forget();
    onCleared(true);
  };

  return { image, onFiles, remove, forget };
}
