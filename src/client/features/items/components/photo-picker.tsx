import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronLeft, ChevronRight, GripHorizontal, ImagePlus, ImageUp, X } from 'lucide-react';
import { type DragEvent, type PointerEvent as ReactPointerEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { MAX_IMAGES } from '#shared/constants.js';
import { Label } from '@/components/ui/label';
import { FieldError } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import type { MessageId } from '#shared/i18n.js';
import { useT } from '@/lib/i18n';
import { useCoarsePointer } from '@/lib/use-coarse-pointer';
import { cn } from '@/lib/utils';
import { IMAGE_ACCEPT, IMAGE_MSG } from '../lib/image-files';
import type { ChosenPhoto } from './use-photos';

type PhotoPickerProps = {
  photos: readonly ChosenPhoto[];
  error?: string;
  /** The last pick had more photos than fit: said beside the photos. */
  tooMany?: boolean;
  /** The last pick had a file that is not a photo (or a HEIC one): what is said beside the photos. */
  refused?: MessageId | null;
  /** Said beside the photos as well (photos shared to the app that did not arrive). */
  notice?: string;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  onRemove: (key: number) => void;
  onMove: (key: number, by: -1 | 1) => void;
  /** Dragging (a mouse, a finger on the grip, or the keyboard): the photo of this key goes to index `to`. */
  onMoveTo?: (key: number, to: number) => void;
  /** A want's photo is optional: the hint says so. */
  optional?: boolean;
  /** Receives the focusable element (the form focuses it when no photo is chosen). */
  buttonRef?: Ref<HTMLButtonElement>;
};

const roundButton =
  'inline-flex size-11 items-center justify-center rounded-full bg-card/95 shadow-md ring-1 ring-black/5 hover:bg-card disabled:pointer-events-none disabled:opacity-40';

/**
 * dnd-kit's pointer sensor, started by a mouse anywhere on a photo but by a finger or pen only on
 * its grip (so a finger on a photo still scrolls the page), and never by the photo's buttons.
 */
class PhotoPointerSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: ReactPointerEvent) => {
        const target = event.target as Element;
        if (!event.isPrimary || event.button !== 0 || target.closest('button:not([data-drag-handle])')) return false;
        return event.pointerType === 'mouse' || target.closest('[data-drag-handle]') !== null;
      },
    },
  ];
}

const sortableId = (photo: ChosenPhoto) => `photo-${photo.key}`;

/**
 * Up to MAX_IMAGES photos by click or drag and drop, the first being the cover. Each chosen photo
 * has Move left, Move right and Remove buttons; focus follows a moved photo. With `onMoveTo`, photos
 * are also sorted with dnd-kit: dragged by a mouse anywhere on the photo or a finger on its grip, or
 * from the keyboard on the grip (Space or Enter picks up, the arrow keys move, Space or Enter drops,
 * Escape cancels). Each move, by drag or button, is announced. The file input carries the label 'Image'.
 */
export function PhotoPicker({
  photos,
  error,
  tooMany,
  refused,
  notice,
  disabled,
  onFiles,
  onRemove,
  onMove,
  onMoveTo,
  buttonRef,
  optional = false,
}: PhotoPickerProps) {
  const t = useT();
  // A touch screen has no pointer to click or drag with: its camera or gallery is what it offers.
  const coarse = useCoarsePointer();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const zoneRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const describedBy = cn(hintId, error && errorId);
  const full = photos.length >= MAX_IMAGES;
  // After a move or a removal: which control takes the focus once the list has changed.
  const focusNext = useRef<string[]>([]);

  const hasPhotos = photos.length > 0;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // The empty zone's button went away with the first photo (or came back with none): focus
    // follows to the list (or back to the chooser) instead of falling to the page.
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!lost) return;
    (hasPhotos ? listRef.current : zoneRef.current?.querySelector<HTMLElement>('[data-choose-photo]'))?.focus();
  }, [hasPhotos]);

  useEffect(() => {
    const selectors = focusNext.current;
    if (selectors.length === 0) return;
    focusNext.current = [];
    const root = zoneRef.current;
    const target = selectors
      .map((selector) => root?.querySelector<HTMLButtonElement>(selector))
      .find((button) => button && !button.disabled);
    (target ?? root?.querySelector<HTMLElement>('[data-add-photo], [data-choose-photo]'))?.focus();
  }, [photos]);

  const pickerButton = {
    ref: buttonRef,
    type: 'button',
    onClick: () => inputRef.current?.click(),
    disabled,
    'aria-describedby': describedBy,
  } as const;

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!dragging) setDragging(true);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    onFiles(Array.from(event.dataTransfer.files));
  };

  // What a screen reader is told after a move with the buttons (dnd-kit announces its own moves).
  const [announcement, setAnnouncement] = useState('');
  const announce = (n: number) => setAnnouncement(t('items.image.moved', { n, count: photos.length }));
  const canDrag = Boolean(onMoveTo) && !disabled && photos.length > 1;

  const sensors = useSensors(
    useSensor(PhotoPointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const placeOf = (id: UniqueIdentifier | undefined) => photos.findIndex((p) => sortableId(p) === id) + 1;
  const count = photos.length;
  // The place last announced while dragging: dnd-kit reports the photo over its own place as the
  // drag starts, which would talk over "Picked up".
  const announcedOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announcedOver.current = active.id;
      return t('items.image.dragStart', { n: placeOf(active.id), count });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === announcedOver.current) return undefined;
      announcedOver.current = over.id;
      return t('items.image.dragOver', { n: placeOf(active.id), place: placeOf(over.id), count });
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? t('items.image.moved', { n: placeOf(over.id), count })
        : t('items.image.dragStayed', { n: placeOf(active.id), count }),
    onDragCancel: ({ active }) => t('items.image.dragCancel', { n: placeOf(active.id), count }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const photo = photos.find((p) => sortableId(p) === active.id);
    const to = placeOf(over?.id) - 1;
    if (photo && to >= 0 && over?.id !== active.id) onMoveTo?.(photo.key, to);
  };

  const move = (photo: ChosenPhoto, by: -1 | 1) => {
    onMove(photo.key, by);
    const at = photos.findIndex((p) => p.key === photo.key) + by;
    if (at >= 0 && at < photos.length) announce(at + 1);
    // The same button on the moved photo; at an end, where it is disabled, the other one.
    const side = by < 0 ? 'left' : 'right';
    focusNext.current = [`[data-photo="${photo.key}"] [data-move="${side}"]`, `[data-photo="${photo.key}"] [data-move]:not(:disabled)`];
  };
  const remove = (index: number) => {
    const neighbour = photos[index + 1] ?? photos[index - 1];
    onRemove(photos[index]!.key);
    focusNext.current = [neighbour ? `[data-photo="${neighbour.key}"] [data-remove]` : '[data-choose-photo]'];
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{t('items.image.label')}</Label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        accept={IMAGE_ACCEPT}
        className="hidden"
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Clear it so choosing the same file again still fires a change.
          event.target.value = '';
          onFiles(files);
        }}
      />
      <div ref={zoneRef} onDragOver={onDragOver} onDragEnter={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop}>
        {hasPhotos ? (
          <div
            ref={listRef}
            tabIndex={-1}
            role="group"
            aria-label={t('items.image.chosen', { count: photos.length, max: MAX_IMAGES })}
            className={cn(
              'grid grid-cols-2 gap-3 rounded-card sm:grid-cols-3',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              dragging && 'ring-2 ring-ring ring-offset-2 ring-offset-background',
            )}
          >
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{ announcements, screenReaderInstructions: { draggable: t('items.image.dragInstructions') } }}
            >
              <SortableContext items={photos.map(sortableId)} strategy={rectSortingStrategy} disabled={!canDrag}>
                <ol className="contents">
                  {photos.map((photo, index) => (
                    <SortablePhoto
                      key={photo.key}
                      photo={photo}
                      index={index}
                      count={photos.length}
                      disabled={disabled}
                      canDrag={canDrag}
                      onRemove={() => remove(index)}
                      onMove={(by) => move(photo, by)}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
            {full ? null : (
              <button
                {...pickerButton}
                data-add-photo
                className={cn(
                  'flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed px-3 text-center text-sm font-semibold',
                  'border-input bg-muted/40 hover:border-primary hover:bg-primary-soft/60',
                  dragging && 'border-primary bg-primary-soft',
                )}
              >
                <ImagePlus className="size-6" aria-hidden="true" />
                {t('items.image.addMore')}
              </button>
            )}
          </div>
        ) : (
          <button
            {...pickerButton}
            data-choose-photo
            className={cn(
              'flex w-full flex-col items-center justify-center gap-3 rounded-card border-2 border-dashed px-6 py-10 text-center transition-colors',
              'border-input bg-muted/40 hover:border-primary hover:bg-primary-soft/60',
              dragging && 'border-primary bg-primary-soft',
              error && 'border-destructive',
            )}
          >
            <span className="flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
              <ImageUp className="size-7" aria-hidden="true" />
            </span>
            <span className="font-semibold">
              {t(dragging ? 'items.image.drop' : coarse ? 'items.image.chooseTouch' : 'items.image.choose')}
            </span>
          </button>
        )}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {optional ? `${t('items.image.optionalForWant')} ` : null}
        {t('items.image.hint')}
      </p>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <p role="status" className="text-sm font-medium text-danger-text empty:hidden">
        {[refused && t(refused), tooMany && t(IMAGE_MSG.tooMany), notice].filter(Boolean).join(' ')}
      </p>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

type SortablePhotoProps = {
  photo: ChosenPhoto;
  index: number;
  count: number;
  disabled?: boolean;
  canDrag: boolean;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
};

/** One chosen photo: its picture, Remove, Move left and right, and the grip dnd-kit sorts it by. */
function SortablePhoto({ photo, index, count, disabled, canDrag, onRemove, onMove }: SortablePhotoProps) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: sortableId(photo),
    attributes: { roleDescription: t('items.image.roleDescription') },
  });
  return (
    <li
      ref={setNodeRef}
      data-photo={photo.key}
      {...(canDrag ? listeners : {})}
      onDragStart={(event) => event.preventDefault()}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'relative aspect-[4/3] overflow-hidden rounded-card border border-border bg-muted',
        canDrag && 'cursor-grab select-none',
        isDragging && 'z-10 cursor-grabbing opacity-80 shadow-lg ring-2 ring-ring',
      )}
    >
      <img
        draggable={false}
        src={photo.previewUrl}
        alt={t(index === 0 ? 'items.image.coverAlt' : 'items.image.photoAlt', { n: index + 1, count })}
        className="size-full object-cover"
      />
      {index === 0 ? (
        <span className="absolute top-2 left-2 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground shadow">
          {t('items.image.cover')}
        </span>
      ) : null}
      {photo.uploading ? (
        <div className="absolute inset-0 flex items-center justify-center bg-black/45">
          <span className="inline-flex items-center gap-2 rounded-full bg-card px-3 py-1.5 text-sm font-medium shadow">
            <Spinner label={t('items.image.uploadingLabel')} className="size-4 text-primary" />
            <span aria-hidden="true">{t('items.image.uploading')}</span>
          </span>
        </div>
      ) : null}
      <button
        type="button"
        data-remove
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('items.image.removeN', { n: index + 1 })}
        className={cn(roundButton, 'absolute top-2 right-2 text-danger-text hover:bg-destructive hover:text-destructive-foreground')}
      >
        <X className="size-5" aria-hidden="true" />
      </button>
      {count > 1 ? (
        <div className="absolute right-2 bottom-2 left-2 flex justify-between">
          <button
            type="button"
            data-move="left"
            onClick={() => onMove(-1)}
            disabled={disabled || index === 0}
            aria-label={t('items.image.moveLeft', { n: index + 1 })}
            className={roundButton}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          {canDrag ? (
            <button
              ref={setActivatorNodeRef}
              type="button"
              data-drag-handle
              {...attributes}
              aria-label={t('items.image.reorderN', { n: index + 1 })}
              title={t('items.image.dragHint')}
              className="inline-flex h-11 w-12 cursor-grab touch-none items-center justify-center rounded-full bg-card/95 shadow-md ring-1 ring-black/5 hover:bg-card"
            >
              <GripHorizontal className="size-5" aria-hidden="true" />
            </button>
          ) : null}
          <button
            type="button"
            data-move="right"
            onClick={() => onMove(1)}
            disabled={disabled || index === count - 1}
            aria-label={t('items.image.moveRight', { n: index + 1 })}
            className={roundButton}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </li>
  );
}
