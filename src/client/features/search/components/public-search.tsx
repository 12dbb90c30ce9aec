import { UserRoundSearch } from 'lucide-react';
import { useEffect, useId } from 'react';
import { LoadError } from '@/components/load-error';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { translate, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { cn } from '@/lib/utils';
import { usePublicSearch } from '../api';
import { resultsSummary } from '../lib/search-texts';
import { useDebouncedSearch } from '../use-debounced-search';
import { NoteResults, UserResults } from './search-results';

/** The server accepts up to 100 characters. */
const QUERY_MAX = 100;

function Hint() {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-input bg-card px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
        <UserRoundSearch className="size-8" aria-hidden="true" />
      </span>
      <p className="max-w-lg text-lg text-pretty">{t('search.form.hint')}</p>
    </div>
  );
}

/** The search box and the Users and Public Notes lists (docs/product.md, Pages, Public search and profiles). */
export function PublicSearch() {
  const t = useT();
  const inputId = useId();
  const search = useDebouncedSearch();
  const result = usePublicSearch(search.query);
  const data = search.query ? result.data : undefined;
  const busy = search.waiting || (search.query !== '' && result.isFetching);

  useEffect(() => {
    if (result.error) {
      toast({ variant: 'destructive', title: translate('search.form.failed'), description: getErrorMessage(result.error) });
    }
  }, [result.error]);

  let body;
  if (!search.query) {
    body = <Hint />;
  } else if (result.isError && !result.isFetching) {
    // Shown only while no new attempt runs: the button never spins here.
    body = <LoadError title={t('search.form.failed')} error={result.error} onRetry={() => void result.refetch()} />;
  } else if (!data) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner label={t('search.form.searching')} className="size-8 text-primary" />
      </div>
    );
  } else {
    body = (
      <div className={cn('grid items-start gap-6 transition-opacity lg:grid-cols-2', result.isPlaceholderData && 'opacity-60')}>
        <UserResults users={data.users} query={data.query} />
        <NoteResults notes={data.publicNotes} query={data.query} />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <form
        role="search"
        className="grid gap-2 rounded-card border border-border bg-card p-4 shadow-sm sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          search.applyNow();
        }}
      >
        <Label htmlFor={inputId}>{t('search.form.label')}</Label>
        <SearchInput
          id={inputId}
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          placeholder={t('search.form.placeholder')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={QUERY_MAX}
          busy={busy}
          busyLabel={t('search.form.searching')}
        />
      </form>

      <p className="sr-only" aria-live="polite">
        {data && !result.isPlaceholderData ? resultsSummary(t, data.users.length, data.publicNotes.length, data.query) : ''}
      </p>

      <div aria-busy={busy}>{body}</div>
    </div>
  );
}
