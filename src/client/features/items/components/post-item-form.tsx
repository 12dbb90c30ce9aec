import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Send } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import { POST_GEOLOCATION } from '../../../../shared/constants.js';
import { ITEM_DESCRIPTION_MAX, ITEM_TITLE_MAX } from '../../../../shared/items.js';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { GeolocationUnsupportedError, getCurrentPosition, type Position } from '@/lib/geolocation';
import { useCreateItem } from '../api';
import { failureText } from '../lib/error-text';
import { coordinateText, EMPTY_POST_FORM, parsePosition, postItemFormSchema } from '../lib/post-item-schema';
import { ImageDropZone } from './image-drop-zone';
import { LocationPicker } from './location-picker';
import { TagPicker } from './tag-picker';
import { usePhoto } from './use-photo';

const FIELD_ORDER = ['title', 'description', 'imageUrl', 'latitude', 'longitude'] as const;

/** /post-item's form: title, description, one photo, tags, a place on the map. */
export function PostItemForm() {
  const createItem = useCreateItem();
  const [locating, setLocating] = useState(false);
  const [viewKey, setViewKey] = useState(0);
  // The item just posted: a message at the top of the form links to it and takes the focus.
  const [posted, setPosted] = useState<{ id: number; title: string } | null>(null);
  const postedRef = useRef<HTMLDivElement>(null);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    reset,
    setFocus,
    formState: { errors, isSubmitted },
  } = useForm({
    resolver: zodResolver(postItemFormSchema),
    defaultValues: EMPTY_POST_FORM,
    // Focus goes to the first problem in the order of the page (see onInvalid).
    shouldFocusError: false,
  });

  const imageField = useController({ control, name: 'imageUrl' });
  const tagsField = useController({ control, name: 'tags' });
  // Taken apart, so that the ref is passed on as a ref and the rest read as plain values.
  const { ref: exactRef, ...exactField } = useController({ control, name: 'exactLocation' }).field;
  const exactId = useId();
  const position = parsePosition(useWatch({ control, name: 'latitude' }), useWatch({ control, name: 'longitude' }));

  const setPosition = (next: Position, moveMap: boolean) => {
    const options = { shouldValidate: isSubmitted, shouldDirty: true };
    setValue('latitude', coordinateText(next.lat), options);
    setValue('longitude', coordinateText(next.lng), options);
    if (moveMap) setViewKey((k) => k + 1);
  };

  const photo = usePhoto({
    onUploaded: (imageUrl) => setValue('imageUrl', imageUrl, { shouldValidate: isSubmitted, shouldDirty: true }),
    onCleared: (validate) => (validate ? setValue('imageUrl', '', { shouldValidate: isSubmitted }) : imageField.field.onChange('')),
    onPosition: (next) => setPosition(next, true),
  });
  const image = photo.image;

  const useCurrentLocation = () => {
    setLocating(true);
    getCurrentPosition(POST_GEOLOCATION).then(
      (next) => {
        setLocating(false);
        setPosition(next, true);
        toast({ title: 'Location set', description: 'Your current location has been set.' });
      },
      (error: unknown) => {
        setLocating(false);
        toast({
          variant: 'destructive',
          title: 'Error',
          description:
            error instanceof GeolocationUnsupportedError
              ? 'Geolocation is not supported by your browser. Please select location manually.'
              : 'Could not get your location. Please select manually on the map.',
        });
      },
    );
  };

  const onInvalid = (invalid: Partial<Record<string, unknown>>) => {
    const first = FIELD_ORDER.find((name) => invalid[name]);
    if (first) setFocus(first);
  };

  const submit: Parameters<typeof handleSubmit>[0] = (values) => {
    createItem.mutate(values, {
      onSuccess: (item) => {
        toast({ title: 'Item posted successfully' });
        setPosted({ id: item.id, title: item.title });
        photo.forget();
        reset(EMPTY_POST_FORM);
        setViewKey((k) => k + 1);
        window.scrollTo(0, 0);
        // The submit button was disabled while sending, which drops its focus on the page.
        requestAnimationFrame(() => postedRef.current?.focus());
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Error', description: failureText('Failed to create item', error) });
      },
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handleSubmit(submit, onInvalid)(event);

  const locationError = errors.latitude?.message ?? errors.longitude?.message;
  const uploading = image?.uploading ?? false;
  const descriptionErrorId = 'post-description-error';

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-8">
      {posted ? (
        <div
          ref={postedRef}
          tabIndex={-1}
          role="status"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-card border border-border bg-primary-soft px-4 py-3 text-primary-soft-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
          <span className="font-medium">Your item is shared.</span>
          <Link href={`/items/${posted.id}`} className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
            Open {posted.title}
          </Link>
        </div>
      ) : null}
      <div className="grid gap-5">
        <TextField
          id="post-title"
          label="Title"
          autoComplete="off"
          maxLength={ITEM_TITLE_MAX}
          placeholder="e.g. Oak dining chair"
          error={errors.title?.message}
          {...register('title')}
        />
        <div className="grid gap-2">
          <Label htmlFor="post-description">Description</Label>
          <Textarea
            id="post-description"
            rows={5}
            maxLength={ITEM_DESCRIPTION_MAX}
            placeholder="What is it, what condition is it in, and when can it be picked up?"
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? descriptionErrorId : undefined}
            {...register('description')}
          />
          {errors.description?.message ? <FieldError id={descriptionErrorId}>{errors.description.message}</FieldError> : null}
        </div>
      </div>

      <ImageDropZone
        previewUrl={image?.previewUrl ?? null}
        uploading={uploading}
        error={errors.imageUrl?.message}
        disabled={createItem.isPending}
        onFiles={photo.onFiles}
        onRemove={photo.remove}
        buttonRef={imageField.field.ref}
      />

      <TagPicker tags={tagsField.field.value} onChange={(tags) => tagsField.field.onChange(tags)} />

      <LocationPicker
        position={position}
        onPick={(next) => setPosition(next, false)}
        onUseCurrentLocation={useCurrentLocation}
        locating={locating}
        viewKey={viewKey}
        error={locationError}
        latitudeInput={register('latitude')}
        longitudeInput={register('longitude')}
      />

      {/* Location privacy: a personal item is shown a few hundred metres off unless this is ticked. */}
      <div className="-mt-4 flex items-start gap-3">
        <Checkbox
          id={exactId}
          name={exactField.name}
          ref={exactRef}
          checked={exactField.value === true}
          onCheckedChange={(checked) => exactField.onChange(checked === true)}
          onBlur={exactField.onBlur}
          aria-describedby={`${exactId}-hint`}
          className="mt-3"
        />
        <div className="grid gap-1">
          <Label htmlFor={exactId} className="cursor-pointer py-3 leading-snug">
            Show the exact location (for a shop, stall or restaurant)
          </Label>
          <p id={`${exactId}-hint`} className="-mt-2 text-sm text-muted-foreground">
            Otherwise others see the item within about 550 m of the point you chose; you see the exact place.
          </p>
        </div>
      </div>

      <div className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-end">
        {uploading ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Waiting for the photo to finish uploading…
          </p>
        ) : null}
        <Button
          type="submit"
          size="lg"
          disabled={createItem.isPending || uploading}
          aria-busy={createItem.isPending}
          className="sm:min-w-56"
        >
          {createItem.isPending ? <Spinner /> : <Send aria-hidden="true" />}
          Share with Community
        </Button>
      </div>
    </form>
  );
}
