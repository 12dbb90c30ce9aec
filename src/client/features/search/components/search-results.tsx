import { ChevronRight, NotebookText, SearchX, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { SearchResult } from '#shared/people.js';
import { Card } from '@/components/ui/card';
import { formatShortDate } from '@/lib/format-date';
import { T, useT } from '@/lib/i18n';
import { noNotesText, noteAuthor, noUsersText } from '../lib/search-texts';

type ResultsCardProps = {
  id: string;
  title: string;
  icon: typeof UsersRound;
  count: number;
  children: ReactNode;
};

function ResultsCard({ id, title, icon: Icon, count, children }: ResultsCardProps) {
  const t = useT();
  return (
    <Card className="min-w-0 overflow-hidden">
      <section aria-labelledby={id}>
        <div className="flex items-center gap-3 border-b border-border px-4 py-4 sm:px-6">
          <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          <h2 id={id} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          <span className="ml-auto rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground">
            {count}
            <span className="sr-only"> {t('search.results.count', { count })}</span>
          </span>
        </div>
        {children}
      </section>
    </Card>
  );
}

function EmptyResults({ message }: { message: string }) {
  return (
    <p className="flex items-center gap-3 px-4 py-8 text-muted-foreground sm:px-6">
      <SearchX className="size-5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 break-words">{message}</span>
    </p>
  );
}

function Initial({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-base font-bold text-primary-soft-foreground uppercase"
    >
      {name.slice(0, 1)}
    </span>
  );
}

/** Users whose name matches: each leads to /u/{username}. */
export function UserResults({ users, query }: { users: SearchResult['users']; query: string }) {
  const t = useT();
  return (
    <ResultsCard id="search-users-heading" title={t('search.results.users')} icon={UsersRound} count={users.length}>
      {users.length === 0 ? (
        <EmptyResults message={noUsersText(t, query)} />
      ) : (
        <ul className="divide-y divide-border">
          {users.map((user) => (
            <li key={user.id}>
              <Link
                href={`/u/${encodeURIComponent(user.username)}`}
                className="flex min-h-16 items-center gap-3 px-4 py-3 transition-colors hover:bg-accent focus-visible:-outline-offset-2 sm:px-6"
              >
                <Initial name={user.username} />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="truncate font-semibold">{user.username}</span>
                  {user.isPhoneVerified ? (
                    <span className="text-sm font-medium text-green-800 dark:text-green-300">{t('search.results.verified')}</span>
                  ) : (
                    <span className="text-sm text-muted-foreground">{t('search.results.viewPaymentLinks')}</span>
                  )}
                </span>
                <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ResultsCard>
  );
}

/** Public notes whose text matches: content (line breaks kept), author and date. */
export function NoteResults({ notes, query }: { notes: SearchResult['publicNotes']; query: string }) {
  const t = useT();
  return (
    <ResultsCard id="search-notes-heading" title={t('search.results.publicNotes')} icon={NotebookText} count={notes.length}>
      {notes.length === 0 ? (
        <EmptyResults message={noNotesText(t, query)} />
      ) : (
        <ul className="divide-y divide-border">
          {notes.map((note) => (
            <li key={note.id} className="grid gap-2 px-4 py-4 sm:px-6">
              <p className="leading-relaxed break-words whitespace-pre-line">{note.content}</p>
              <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
                <span>
                  <T
                    id="search.results.by"
                    values={{ username: noteAuthor(t, note.username) }}
                    components={{ 0: <span className="font-medium text-foreground" /> }}
                  />
                </span>
                <span aria-hidden="true">·</span>
                <time dateTime={note.createdAt}>{formatShortDate(note.createdAt, { fallback: '' })}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </ResultsCard>
  );
}
