import { NotebookPen, Pencil, Trash2, UserRound } from 'lucide-react';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Note } from '#shared/people.js';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatShortDate } from '@/lib/format-date';
import { T, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useDeleteNote, useNotes } from '../api';
import { noteAuthor, visibilityOption, wasEdited } from '../lib/note-visibility';
import { NoteEditor, VISIBILITY_ICONS } from './note-editor';

/** A list's designed empty state; the compact one sits inside a card. */
export function EmptyList({ icon, children, compact = false }: { icon: ReactNode; children: ReactNode; compact?: boolean }) {
  if (compact) {
    return (
      <p className="flex items-center gap-3 rounded-xl border border-dashed border-input px-4 py-3 text-sm text-pretty text-muted-foreground [&_svg]:size-5 [&_svg]:shrink-0">
        {icon}
        {children}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-input bg-card px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground [&_svg]:size-6">
        {icon}
      </span>
      <p className="max-w-md text-pretty text-muted-foreground">{children}</p>
    </div>
  );
}

export function ListSpinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-10">
      <Spinner label={label} className="size-8 text-primary" />
    </div>
  );
}

function NoteMeta({ note }: { note: Note }) {
  const t = useT();
  const option = visibilityOption(note.visibility);
  const Icon = VISIBILITY_ICONS[option.value];
  const edited = wasEdited(note);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <Badge variant={option.badge}>
        <Icon className="size-3" aria-hidden="true" />
        <span className="sr-only">{t('notes.lists.visibility')} </span>
        {t(option.label)}
      </Badge>
      <span>
        <T
          id={edited ? 'notes.lists.updated' : 'notes.lists.written'}
          values={{ date: formatShortDate(edited ? note.updatedAt : note.createdAt) }}
          components={{ 0: <time dateTime={edited ? note.updatedAt : note.createdAt} /> }}
        />
      </span>
    </div>
  );
}

function NoteText({ content }: { content: string }) {
  return <p className="leading-relaxed break-words whitespace-pre-wrap">{content}</p>;
}

function MyNote({ note, onDelete }: { note: Note; onDelete: (note: Note, trigger: HTMLButtonElement) => void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);

  if (editing) {
    return (
      <li className="rounded-card border border-primary/50 bg-card p-4 shadow-sm sm:p-5">
        <NoteEditor
          note={note}
          onDone={() => {
            setEditing(false);
            requestAnimationFrame(() => editButtonRef.current?.focus());
          }}
        />
      </li>
    );
  }

  return (
    <li className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5">
      <NoteMeta note={note} />
      <NoteText content={note.content} />
      <div className="flex flex-wrap gap-2">
        <Button ref={editButtonRef} variant="outline" onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          {t('notes.lists.edit')}
        </Button>
        <Button
          variant="ghost"
          className="text-danger-text hover:bg-red-50 hover:text-danger-text dark:hover:bg-red-950/60"
          onClick={(event) => onDelete(note, event.currentTarget)}
        >
          <Trash2 aria-hidden="true" />
          {t('notes.lists.delete')}
        </Button>
      </div>
    </li>
  );
}

function DeleteNoteDialog({
  note,
  onClose,
  returnFocusRef,
}: {
  note: Note | null;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const remove = useDeleteNote();
  const onConfirm = () => {
    if (!note) return;
    remove.mutate(note.id, {
      onSuccess: () => {
        onClose();
        toast({ title: t('notes.lists.deleted') });
      },
      onError: (error) => {
        onClose();
        toast({ variant: 'destructive', title: t('notes.lists.deleteFailed'), description: getErrorMessage(error) });
      },
    });
  };

  return (
    <ConfirmDialog
      open={note !== null}
      title={t('notes.lists.deleteTitle')}
      description={t('notes.lists.deleteDescription')}
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
      // Back to the Delete button, or to the list's heading when the note is gone.
      returnFocusRef={returnFocusRef}
      fallbackFocusId="my-notes-heading"
    />
  );
}

function SectionHeading({ id, children, count }: { id?: string; children: ReactNode; count?: number }) {
  return (
    <h2 id={id} tabIndex={id ? -1 : undefined} className="flex items-center gap-2 text-xl font-semibold tracking-tight outline-none">
      {children}
      {count ? <span className="rounded-full bg-muted px-2 py-0.5 text-sm font-medium text-muted-foreground">{count}</span> : null}
    </h2>
  );
}

/** 'My notes' and 'Shared with me', from one GET /api/notes. */
export function NoteLists() {
  const t = useT();
  const notes = useNotes();
  const [deleting, setDeleting] = useState<Note | null>(null);
  const deleteTriggerRef = useRef<HTMLElement | null>(null);
  const data = notes.data;

  // Both lists come from one request: its spinner or error shows once, in the first list.
  const state = (render: (list: NonNullable<typeof data>) => ReactNode, first = false) =>
    data ? (
      render(data)
    ) : !first ? null : notes.isPending ? (
      <ListSpinner label={t('notes.lists.loading')} />
    ) : (
      <LoadError
        variant="section"
        title={t('notes.lists.loadFailed')}
        error={notes.error}
        onRetry={() => void notes.refetch()}
        retrying={notes.isFetching}
      />
    );

  return (
    <>
      <section className="grid gap-3">
        <SectionHeading id="my-notes-heading" count={data?.mine.length}>
          {t('notes.lists.mine')}
        </SectionHeading>
        {state(
          ({ mine }) =>
            mine.length === 0 ? (
              <EmptyList icon={<NotebookPen aria-hidden="true" />}>{t('notes.lists.emptyMine')}</EmptyList>
            ) : (
              <ul className="grid gap-3">
                {mine.map((note) => (
                  <MyNote
                    key={note.id}
                    note={note}
                    onDelete={(target, trigger) => {
                      deleteTriggerRef.current = trigger;
                      setDeleting(target);
                    }}
                  />
                ))}
              </ul>
            ),
          true,
        )}
      </section>

      <section className="grid gap-3">
        <SectionHeading count={data?.sharedWithMe.length}>{t('notes.lists.sharedWithMe')}</SectionHeading>
        {state(({ sharedWithMe }) =>
          sharedWithMe.length === 0 ? (
            <EmptyList icon={<UserRound aria-hidden="true" />}>{t('notes.lists.emptyShared')}</EmptyList>
          ) : (
            <ul className="grid gap-3">
              {sharedWithMe.map((note) => {
                const author = noteAuthor(note);
                return (
                  <li key={note.id} className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5">
                    <p className="-my-3 flex items-center gap-2 text-sm">
                      <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      {author ? (
                        <Link
                          href={`/u/${encodeURIComponent(author)}`}
                          className="inline-flex min-h-11 items-center font-semibold text-link hover:underline"
                        >
                          {author}
                        </Link>
                      ) : (
                        <span className="font-semibold">{t('notes.lists.unknown')}</span>
                      )}
                    </p>
                    <NoteText content={note.content} />
                    <NoteMeta note={note} />
                  </li>
                );
              })}
            </ul>
          ),
        )}
      </section>

      <DeleteNoteDialog note={deleting} onClose={() => setDeleting(null)} returnFocusRef={deleteTriggerRef} />
    </>
  );
}
