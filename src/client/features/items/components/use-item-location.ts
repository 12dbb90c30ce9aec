import { useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { POST_GEOLOCATION } from '#shared/constants.js';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { GeolocationUnsupportedError, getCurrentPosition, type Position } from '@/lib/geolocation';
import { coordinateText, parsePosition, type PostItemFormOutput, type PostItemFormValues } from '../lib/post-item-schema';

type LocationForm = Pick<UseFormReturn<PostItemFormValues, unknown, PostItemFormOutput>, 'control' | 'setValue'>;

export type ItemLocation = ReturnType<typeof useItemLocation>;

/**
 * The post form's place. The form holds it as the two coordinate texts; a map click, the photo's GPS
 * position and "Use My Current Location" all write them through setPosition. The map follows the
 * texts' marker, and moves its view only when `viewKey` changes (moveMap: photo, device, a reset).
 * `validate`: the form was submitted once, so a new position is checked at once.
 */
export function useItemLocation({ control, setValue }: LocationForm, validate: boolean) {
  const t = useT();
  const [locating, setLocating] = useState(false);
  const [viewKey, setViewKey] = useState(0);
  const position = parsePosition(useWatch({ control, name: 'latitude' }), useWatch({ control, name: 'longitude' }));

  const moveMap = () => setViewKey((k) => k + 1);

  const setPosition = (next: Position, recentre: boolean) => {
    const options = { shouldValidate: validate, shouldDirty: true };
    setValue('latitude', coordinateText(next.lat), options);
    setValue('longitude', coordinateText(next.lng), options);
    if (recentre) moveMap();
  };

  /** Asks the browser where the device is; a toast says how it went. */
  const locateDevice = () => {
    setLocating(true);
    getCurrentPosition(POST_GEOLOCATION).then(
      (next) => {
        setLocating(false);
        setPosition(next, true);
        toast({ title: t('items.location.setTitle'), description: t('items.location.set') });
      },
      (error: unknown) => {
        setLocating(false);
        toast({
          variant: 'destructive',
          title: t('items.toast.error'),
          description: t(error instanceof GeolocationUnsupportedError ? 'items.location.unsupported' : 'items.location.failed'),
        });
      },
    );
  };

  return { position, setPosition, locating, locateDevice, viewKey, moveMap };
}
