import { useId } from 'react';
import { type UseFormReturn, useController } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useT } from '@/lib/i18n';
import type { PostItemFormOutput, PostItemFormValues } from '../lib/post-item-schema';
import { LocationPicker } from './location-picker';
import type { ItemLocation } from './use-item-location';

type LocationSectionProps = {
  form: Pick<UseFormReturn<PostItemFormValues, unknown, PostItemFormOutput>, 'control' | 'register'>;
  location: ItemLocation;
  /** The coordinates' validation message. */
  error?: string;
};

/** The post form's place: the map with its coordinate inputs, then whether others see the exact point. */
export function ItemLocationSection({ form, location, error }: LocationSectionProps) {
  return (
    <>
      <LocationPicker
        position={location.position}
        onPick={(next) => location.setPosition(next, false)}
        onUseCurrentLocation={location.locateDevice}
        locating={location.locating}
        viewKey={location.viewKey}
        error={error}
        latitudeInput={form.register('latitude')}
        longitudeInput={form.register('longitude')}
      />
      <ExactLocationCheckbox control={form.control} />
    </>
  );
}

/** Location privacy: a personal item is shown a few hundred metres off unless this is ticked. */
function ExactLocationCheckbox({ control }: Pick<LocationSectionProps['form'], 'control'>) {
  // Taken apart, so that the ref is passed on as a ref and the rest read as plain values.
  const { ref, ...field } = useController({ control, name: 'exactLocation' }).field;
  const id = useId();
  const t = useT();
  return (
    <div className="-mt-4 flex items-start gap-3">
      <Checkbox
        id={id}
        name={field.name}
        ref={ref}
        checked={field.value === true}
        onCheckedChange={(checked) => field.onChange(checked === true)}
        onBlur={field.onBlur}
        aria-describedby={`${id}-hint`}
        className="mt-3"
      />
      <div className="grid gap-1">
        <Label htmlFor={id} className="cursor-pointer py-3 leading-snug">
          {t('items.location.exact')}
        </Label>
        <p id={`${id}-hint`} className="-mt-2 text-sm text-muted-foreground">
          {t('items.location.exactHint')}
        </p>
      </div>
    </div>
  );
}
