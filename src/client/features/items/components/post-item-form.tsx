import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Send } from 'lucide-react';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { ITEM_DESCRIPTION_MAX, ITEM_TITLE_MAX } from '../../../../shared/items.js';
import { Button } from '@/components/ui/button';
import { FieldError, TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { useCreateItem } from '../api';
import { failureText } from '../lib/error-text';
import { EMPTY_POST_FORM, postItemFormSchema } from '../lib/post-item-schema';
import { ImageDropZone } from './image-drop-zone';
import { ItemLocationSection } from './item-location-section';
import { TagPicker } from './tag-picker';
import { useItemLocation } from './use-item-location';
import { usePhoto } from './use-photo';

const FIELD_ORDER = ['title', 'description', 'imageUrl', 'latitude', 'longitude'] as const;

/** /post-item's form: title, description, one photo, tags, a place on the map. */
export function PostItemForm() {
  const t = useT();
  const createItem = useCreateItem();
  // The item just posted: a message at the top of the form links to it and takes the focus.
  const [posted, setPosted] = useState<{ id: number; title: string } | null>(null);
  const postedRef = useRef<HTMLDivElement>(null);

  const form = useForm({
    resolver: zodResolver(postItemFormSchema),
    defaultValues: EMPTY_POST_FORM,
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
    formState: { errors, isSubmitted },
  } = form;

  const imageField = useController({ control, name: 'imageUrl' });
  const tagsField = useController({ control, name: 'tags' });
  const location = useItemLocation(form, isSubmitted);

  const photo = usePhoto({
    onUploaded: (imageUrl) => setValue('imageUrl', imageUrl, { shouldValidate: isSubmitted, shouldDirty: true }),
    onCleared: (validate) => (validate ? setValue('imageUrl', '', { shouldValidate: isSubmitted }) : imageField.field.onChange('')),
    onPosition: (next) => location.setPosition(next, true),
  });
  const image = photo.image;

  const onInvalid = (invalid: Partial<Record<string, unknown>>) => {
    const first = FIELD_ORDER.find((name) => invalid[name]);
    if (first) setFocus(first);
  };

  const submit: Parameters<typeof handleSubmit>[0] = (values) => {
    createItem.mutate(values, {
      onSuccess: (item) => {
        toast({ title: t('items.post.posted') });
        setPosted({ id: item.id, title: item.title });
        photo.forget();
        reset(EMPTY_POST_FORM);
        location.moveMap();
        window.scrollTo(0, 0);
        // The submit button was disabled while sending, which drops its focus on the page.
        requestAnimationFrame(() => postedRef.current?.focus());
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: t('items.toast.error'), description: t(failureText('items.post.createFailed', error)) });
      },
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void handleSubmit(submit, onInvalid)(event);

  const locationError = errors.latitude?.message ?? errors.longitude?.message;
  const uploading = image?.uploading ?? false;
  const descriptionErrorId = 'post-description-error';

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-8">
      {posted ? <PostedNotice item={posted} noticeRef={postedRef} /> : null}
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

      <ItemLocationSection form={form} location={location} error={locationError} />

      <div className="flex flex-col gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-end">
        {uploading ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t('items.post.waitingForPhoto')}
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
          {t('items.post.submit')}
        </Button>
      </div>
    </form>
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
