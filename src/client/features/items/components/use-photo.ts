import { useEffect, useRef, useState } from 'react';
import { ITEM_MSG, UPLOAD_MAX_BYTES } from '../../../../shared/items.js';
import { toast } from '@/components/ui/use-toast';
import type { Position } from '@/lib/geolocation';
import { useUploadImage } from '../api';
import { failureText } from '../lib/error-text';
import { checkImageFiles, IMAGE_MSG } from '../lib/image-files';
import { type PhotoLocationResult, readPhotoLocation } from '../lib/photo-gps';

const MANUAL = 'Please select location manually.';

/** The toast for each outcome of reading a photo's GPS position (docs/product.md, Input rules). */
function photoLocationToast(result: Exclude<PhotoLocationResult, { kind: 'found' }> | { kind: 'unexpected' }) {
  switch (result.kind) {
    case 'none':
      return { title: 'No location data', description: 'No location data found in image. Please select location manually.' };
    case 'library-failed':
      return {
        title: 'Photo location unavailable',
        description: 'Could not load image processing library. Please select location manually.',
      };
    case 'read-failed':
      return { title: 'Could not read location data...', description: MANUAL };
    case 'process-failed':
      return { title: 'Could not process location data...', description: MANUAL };
    case 'image-failed':
      return { variant: 'destructive' as const, title: 'Could not process image. Please try again.' };
    case 'unexpected':
      return { title: 'Could not extract location data...', description: MANUAL };
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
      toast({ variant: 'destructive', title: 'Error', description: IMAGE_MSG.onlyOne });
      return;
    }
    if (check.kind === 'not-image') {
      toast({ variant: 'destructive', title: 'Error', description: IMAGE_MSG.notImage });
      return;
    }
    const file = check.file;
    if (file.size > UPLOAD_MAX_BYTES) {
      toast({ variant: 'destructive', title: 'Error', description: ITEM_MSG.imageTooLarge });
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
        toast({ variant: 'destructive', title: 'Error', description: failureText('Failed to upload image', error) });
      },
    });

    void readPhotoLocation(file)
      .catch(() => ({ kind: 'unexpected' }) as const)
      .then((result) => {
        if (seq !== fileSeq.current) return;
        if (result.kind === 'found') {
          onPosition(result.position);
          toast({ title: 'Location Found', description: 'Location data extracted from image' });
        } else {
          toast(photoLocationToast(result));
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
