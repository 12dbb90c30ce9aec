import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Save, Send } from 'lucide-react';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { ITEM_DESCRIPTION_MAX, ITEM_TITLE_MAX, type ItemDetail, type ItemType, type UpdateItemBody } from '#shared/items.js';
import { Button } from '@/components/ui/button';
import { FieldError, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { useCreateItem, useUpdateItem } from '../api';
import { failureText } from '../lib/error-text';
import { farFromHereKm } from '../lib/photo-distance';
import {
  coordinateText,
  EMPTY_POST_FORM,
  postItemFormSchema,
  type PostItemFormOutput,
  type PostItemFormValues,
} from '../lib/post-item-schema';
import { ItemLocationSection } from './item-location-section';
import { TagPicker } from './tag-picker';
import { useItemLocation } from './use-item-location';
import { PhotoPicker } from './photo-picker';
import { usePhotos } from './use-photos';
import { useSharedPhotos } from './use-shared-photos';

const FIELD_ORDER = ['title', 'description', 'images', 'latitude', 'longitude'] as const;

/** The form's values for an item being edited: what it has now (the owner sees its exact place). */
function editValues(item: ItemDetail): PostItemFormValues {
  return {
    type: item.type,
    title: item.title,
    description: item.description,
    images: item.images,
    latitude: item.latitude === null ? '' : coordinateText(item.latitude),
    longitude: item.longitude === null ? '' : coordinateText(item.longitude),
    tags: item.tags,
    exactLocation: item.exactLocation,
  };
}

/**
 * /post-item's form: title, description, up to 6 photos, tags, a place on the map. With `item`, the
 * same form edits that item (/items/{id}/edit): it starts from the item, saves with PATCH and goes
 * back to the item page.
 */
export function PostItemForm({ item }: { item?: ItemDetail } = {}) {
  const t = useT();
  const createItem = useCreateItem();
  const updateItem = useUpdateItem(item?.id ?? 0);
  const [, navigate] = useLocation();
  const saving = item ? updateItem : createItem;
  // The item just posted: a message at the top of the form links to it and takes the focus.
  const [posted, setPosted] = useState<{ id: number; title: string } | null>(null);
  const postedRef = useRef<HTMLDivElement>(null);
  // The place the photos gave is far from where the device is: said beside the map.
  const [farKm, setFarKm] = useState<number | null>(null);

  const form = useForm({
    resolver: zodResolver(postItemFormSchema),
    defaultValues: item ? editValues(item) : EMPTY_POST_FORM,
    // Focus goes to the first problem in the order of the page (see onInvalid).
    shouldFocusError: false,
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    reset,
    setFocus,
    formState: { errors, isSubmitted, dirtyFields },
  } = form;

  const imagesField = useController({ control, name: 'images' });
  const tagsField = useController({ control, name: 'tags' });
  const typeField = useController({ control, name: 'type' });
  const location = useItemLocation(form, isSubmitted);

  const photos = usePhotos({
    initial: item?.images,
    onChange: (images) => setValue('images', images, { shouldValidate: isSubmitted, shouldDirty: true }),
    // Posting takes the place from the photos; an edit keeps the item's place unless moved on the map.
    onPosition: item
      ? undefined
      : (next) => {
          location.setPosition(next, true);
          setFarKm(null);
          void farFromHereKm(next).then(setFarKm);
        },
  });

  // Opened from the share sheet: the shared photos come in as if chosen (posting only).
  const shared = useSharedPhotos(photos.onFiles, !item);

  const onInvalid = (invalid: Partial<Record<string, unknown>>) => {
    const first = FIELD_ORDER.find((name) => invalid[name]);
    if (first) setFocus(first);
  };

  const onPosted = (created: ItemDetail) => {
    toast({ title: t('items.post.posted'), action: { label: t('items.post.viewItem'), href: `/items/${created.id}` } });
    setPosted({ id: created.id, title: created.title });
    photos.forget();
    setFarKm(null);
    reset(EMPTY_POST_FORM);
    location.moveMap();
    window.scrollTo(0, 0);
    // The submit button was disabled while sending, which drops its focus on the page.
    requestAnimationFrame(() => postedRef.current?.focus());
  };

  const submit = (values: PostItemFormOutput) => {
    if (item) {
      const { latitude, longitude, exactLocation, ...content } = values;
      const edit: UpdateItemBody = content;
      // The place is sent only when changed: an admin sees the published point, not the exact one.
      if (dirtyFields.latitude || dirtyFields.longitude) Object.assign(edit, { latitude, longitude });
      if (dirtyFields.exactLocation) edit.exactLocation = exactLocation ?? false;
      updateItem.mutate(edit, {
        onSuccess: (saved) => {
          toast({ title: t('items.edit.saved'), description: saved.title });
          navigate(`/items/${saved.id}`);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: t('items.toast.error'), description: t(failureText('items.edit.failed', error)) });
        },
      });
      return;
    }
    // imageUrl (the cover) as the API has it, and every photo in images (a want may have none).
    createItem.mutate(values.images.length > 0 ? { ...values, imageUrl: values.images[0] } : values, {
      onSuccess: onPosted,
      onError: (error) => {
        toast({ variant: 'destructive', title: t('items.toast.error'), description: t(failureText('items.post.createFailed', error)) });
      },
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handleSubmit(submit, onInvalid)(event);

  const locationError = errors.latitude?.message ?? errors.longitude?.message;
  const uploading = photos.uploading;
  const descriptionErrorId = 'post-description-error';

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-8">
      {posted ? <PostedNotice item={posted} noticeRef={postedRef} /> : null}
      <ItemTypeChoice
        value={typeField.field.value}
        onChange={(type) => {
          typeField.field.onChange(type);
          // The photo rule follows the type: a shown "photo required" goes when it no longer applies.
          if (isSubmitted) void form.trigger('images');
        }}
      />
      <div className="grid gap-5">
        <TextField
          id="post-title"
          label={t('items.post.title')}
          autoComplete="off"
          maxLength={ITEM_TITLE_MAX}
          placeholder={t('items.post.titlePlaceholder')}
          error={errors.title?.message}
          {...register('title')}
        />
        <div className="grid gap-2">
          <Label htmlFor="post-description">{t('items.post.description')}</Label>
          <Textarea
            id="post-description"
            rows={5}
            maxLength={ITEM_DESCRIPTION_MAX}
            placeholder={t('items.post.descriptionPlaceholder')}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? descriptionErrorId : undefined}
            {...register('description')}
          />
          {errors.description?.message ? <FieldError id={descriptionErrorId}>{errors.description.message}</FieldError> : null}
        </div>
      </div>

      <PhotoPicker
        optional={typeField.field.value === 'want'}
        photos={photos.photos}
        error={errors.images?.message}
        tooMany={photos.tooMany}
        refused={photos.refused}
        notice={shared.lost ? t('items.image.shareLost') : undefined}
        disabled={saving.isPending}
        onFiles={photos.onFiles}
        onRemove={photos.remove}
        onMove={photos.move}
        onMoveTo={photos.moveTo}
        buttonRef={imagesField.field.ref}
      />

      <TagPicker tags={tagsField.field.value} onChange={(tags) => tagsField.field.onChange(tags)} />

      <div className="grid gap-3">
        <p
          role="status"
          className="rounded-card border border-border bg-primary-soft px-4 py-3 text-sm font-medium text-primary-soft-foreground empty:hidden"
        >
          {farKm === null ? null : t('items.photoLocation.farFromHere', { km: farKm })}
        </p>
        <ItemLocationSection form={form} location={location} error={locationError} />
      </div>

      <div className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-end">
        {uploading ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('items.post.waitingForPhoto')}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={saving.isPending || uploading} aria-busy={saving.isPending} className="sm:min-w-56">
          {saving.isPending ? <Spinner /> : item ? <Save aria-hidden="true" /> : <Send aria-hidden="true" />}
          {t(item ? 'items.edit.submit' : 'items.post.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Offer or Want: an accessible radio group (native radios, arrow keys move between them). */
function ItemTypeChoice({ value, onChange }: { value: ItemType; onChange: (type: ItemType) => void }) {
  const t = useT();
  const baseId = useId();
  const choices = [
    { type: 'offer', label: t('items.type.offer'), hint: t('items.type.offerHint') },
    { type: 'want', label: t('items.type.want'), hint: t('items.type.wantHint') },
  ] as const;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t('items.type.legend')}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {choices.map((choice) => (
          <div
            key={choice.type}
            className="relative flex items-start gap-3 rounded-card border border-border bg-card p-4 has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
          >
            <input
              id={`${baseId}-${choice.type}`}
              type="radio"
              name="item-type"
              value={choice.type}
              checked={value === choice.type}
              onChange={() => onChange(choice.type)}
              aria-describedby={`${baseId}-${choice.type}-hint`}
              className="relative z-10 mt-1 size-4 accent-primary"
            />
            <div className="grid gap-0.5">
              {/* The whole box chooses (the label's ::after covers it). */}
              <label htmlFor={`${baseId}-${choice.type}`} className="cursor-pointer font-semibold after:absolute after:inset-0">
                {choice.label}
              </label>
              <span id={`${baseId}-${choice.type}-hint`} className="text-sm text-muted-foreground">
                {choice.hint}
              </span>
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Says the item just posted is shared, with a link to it; it takes the focus after posting. */
function PostedNotice({ item, noticeRef }: { item: { id: number; title: string }; noticeRef: RefObject<HTMLDivElement | null> }) {
  const t = useT();
  return (
    <div
      ref={noticeRef}
      tabIndex={-1}
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-card border border-border bg-primary-soft px-4 py-3 text-primary-soft-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
      <span className="font-medium">{t('items.post.shared')}</span>
      <Link href={`/items/${item.id}`} className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4">
        {t('items.post.open', { title: item.title })}
      </Link>
    </div>
  );
}
