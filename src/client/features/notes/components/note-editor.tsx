import { zodResolver } from '@hookform/resolvers/zod';
import { Globe, Lock, Save, Users } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { NOTE_MAX, type Note } from '#shared/people.js';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { cn } from '@/lib/utils';
import { useCreateNote, useUpdateNote } from '../api';
import { type NoteFormValues, noteFormSchema } from '../lib/note-schemas';
import { type NoteVisibility, VISIBILITY_OPTIONS } from '../lib/note-visibility';

export const VISIBILITY_ICONS: Record<NoteVisibility, typeof Lock> = { private: Lock, linked: Users, public: Globe };

type NoteEditorProps =
  /** A new note: the form empties itself after saving. */
  | { note?: undefined; onDone?: undefined }
  /** Editing one of my notes in place; onDone closes the editor. */
  | { note: Note; onDone: () => void };

/** The note form: the text, who can read it, save. Writes a new note or edits one. */
export function NoteEditor({ note, onDone }: NoteEditorProps) {
  const t = useT();
  const id = useId();
  const create = useCreateNote();
  const update = useUpdateNote();
  const saving = create.isPending || update.isPending;
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<NoteFormValues>({
    resolver: zodResolver(noteFormSchema),
    defaultValues: note ? { content: note.content, visibility: note.visibility } : { content: '', visibility: 'private' },
  });
  const chosen = useWatch({ control, name: 'visibility' });

  const onError = (error: unknown) =>
    toast({ variant: 'destructive', title: t('notes.editor.saveFailed'), description: getErrorMessage(error) });

  const onSubmit = handleSubmit((values) => {
    if (note) {
      update.mutate(
        { id: note.id, ...values },
        {
          onSuccess: () => {
            toast({ title: t('notes.editor.updated') });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(values, {
        onSuccess: () => {
          reset({ content: '', visibility: values.visibility });
          toast({ title: t('notes.editor.saved') });
        },
        onError,
      });
    }
  });

  const contentId = `${id}-content`;
  const contentError = errors.content?.message;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={contentId}>{note ? t('notes.editor.editLabel') : t('notes.editor.label')}</Label>
        <Textarea
          id={contentId}
          className={note ? 'min-h-28' : undefined}
          maxLength={NOTE_MAX}
          placeholder={note ? undefined : t('notes.editor.placeholder')}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? `${contentId}-error` : undefined}
          {...register('content')}
        />
        {contentError ? <FieldError id={`${contentId}-error`}>{contentError}</FieldError> : null}
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('notes.editor.whoCanRead')}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {VISIBILITY_OPTIONS.map((option) => {
            const Icon = VISIBILITY_ICONS[option.value];
            const optionId = `${id}-${option.value}`;
            return (
              <label
                key={option.value}
                htmlFor={optionId}
                className={cn(
                  'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-input bg-card p-3 transition-colors',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  chosen === option.value ? 'border-primary bg-primary-soft' : 'hover:bg-accent',
                )}
              >
                <input
                  id={optionId}
                  type="radio"
                  value={option.value}
                  className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
                  aria-labelledby={`${optionId}-label`}
                  aria-describedby={`${optionId}-hint`}
                  {...register('visibility')}
                />
                <span className="grid gap-0.5">
                  <span id={`${optionId}-label`} className="inline-flex items-center gap-1.5 text-sm font-semibold">
                    <Icon className="size-4" aria-hidden="true" />
                    {t(option.label)}
                  </span>
                  <span id={`${optionId}-hint`} className="text-xs text-pretty text-muted-foreground">
                    {t(option.description)}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? <Spinner /> : <Save aria-hidden="true" />}
          {note ? t('notes.editor.saveChanges') : t('notes.editor.saveNote')}
        </Button>
        {note ? (
          <Button variant="outline" onClick={onDone} disabled={saving}>
            {t('notes.editor.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
