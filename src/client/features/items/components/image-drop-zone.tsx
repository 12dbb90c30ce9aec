import { ImageUp, X } from 'lucide-react';
import { type DragEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { Label } from '@/components/ui/label';
import { FieldError } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { IMAGE_ACCEPT } from '../lib/image-files';

type ImageDropZoneProps = {
  /** Object URL of the chosen image, or null. */
  previewUrl: string | null;
  uploading: boolean;
  error?: string;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  onRemove: () => void;
  /** Receives the focusable element (the form focuses it when the image is missing). */
  buttonRef?: Ref<HTMLButtonElement>;
};

/**
 * One image, by click or drag and drop. The zone is a button that opens the file input, so it
 * works with the keyboard; the input itself carries the label 'Image'.
 */
export function ImageDropZone({ previewUrl, uploading, error, disabled, onFiles, onRemove, buttonRef }: ImageDropZoneProps) {
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const describedBy = cn(hintId, error && errorId);
  const zoneRef = useRef<HTMLDivElement>(null);

  // Choosing or removing a photo swaps the button that had focus for another look of the zone:
  // focus follows to the preview (or back to the chooser) instead of falling to the page.
  const hasPreview = previewUrl !== null;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!lost) return;
    const target = hasPreview
      ? zoneRef.current?.querySelector<HTMLElement>('[data-preview]')
      : zoneRef.current?.querySelector<HTMLElement>('button');
    target?.focus();
  }, [hasPreview]);

  // Both looks of the zone (empty, or Replace on the preview) are this one button.
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

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{t('items.image.label')}</Label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
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
        {previewUrl ? (
          <div
            data-preview
            tabIndex={-1}
            role="group"
            aria-label={t('items.image.chosen')}
            className={cn(
              'relative aspect-[4/3] w-full overflow-hidden rounded-card border border-border bg-muted',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              dragging && 'ring-2 ring-ring ring-offset-2 ring-offset-background',
            )}
          >
            <img src={previewUrl} alt={t('items.image.previewAlt')} className="size-full object-contain" />
            {uploading ? (
              <div className="absolute inset-0 flex items-center justify-center bg-black/45">
                <span className="inline-flex items-center gap-2 rounded-full bg-card px-4 py-2 text-sm font-medium shadow">
                  <Spinner label={t('items.image.uploadingLabel')} className="size-5 text-primary" />
                  <span aria-hidden="true">{t('items.image.uploading')}</span>
                </span>
              </div>
            ) : null}
            <div className="absolute top-2 right-2 flex gap-2">
              <button
                {...pickerButton}
                className="inline-flex h-11 items-center rounded-full bg-card/95 px-4 text-sm font-semibold shadow-md ring-1 ring-black/5 hover:bg-card disabled:opacity-60"
              >
                {t('items.image.replace')}
              </button>
              <button
                type="button"
                onClick={onRemove}
                aria-label={t('items.image.remove')}
                className="inline-flex size-11 items-center justify-center rounded-full bg-card/95 text-danger-text shadow-md ring-1 ring-black/5 hover:bg-destructive hover:text-destructive-foreground"
              >
                <X className="size-5" aria-hidden="true" />
              </button>
            </div>
          </div>
        ) : (
          <button
            {...pickerButton}
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
            <span className="font-semibold">{t(dragging ? 'items.image.drop' : 'items.image.choose')}</span>
          </button>
        )}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('items.image.hint')}
      </p>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
