import { ChevronLeft, ChevronRight, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { AdminUser } from '#shared/people.js';
import type { Actor } from '#shared/policies/actor.js';
import * as userPolicy from '#shared/policies/users.js';
import { LIST_SEARCH_DEBOUNCE_MS } from '#shared/constants.js';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { currentLanguage, useT } from '@/lib/i18n';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers, useVerifyUser } from '../api';
import { useModerate } from '../moderation-api';
import { ReasonDialog } from './reason-dialog';
import { formatDateTime, phoneText, yesNo } from '../lib/admin-texts';
import { ADMIN_TOASTS, notifyError, notifySuccess } from '../notify';
import { Cell, DataTable, QueryTable, RowHeader } from './data-table';
import { PersonLink } from './person-link';

const COLUMNS = [
  'admin.users.columns.id',
  'admin.users.columns.username',
  'admin.users.columns.phone',
  'admin.users.columns.admin',
  'admin.users.columns.verified',
  'admin.users.columns.createdAt',
  'admin.users.columns.actions',
] as const;

/** The Verified toggle: its own update, so it is disabled only while its own change is saved. */
function VerifiedSwitch({ user }: { user: AdminUser }) {
  const t = useT();
  const verify = useVerifyUser();
  const checked = verify.isPending ? verify.variables.isVerified : user.isPhoneVerified;
  return (
    <div className="flex items-center gap-2">
      <Switch
        checked={checked}
        disabled={verify.isPending}
        aria-label={t('admin.users.verifiedLabel', { name: user.username })}
        onCheckedChange={(isVerified) =>
          verify.mutate(
            { id: user.id, isVerified },
            { onSuccess: () => notifySuccess(ADMIN_TOASTS.verificationUpdated), onError: notifyError },
          )
        }
      />
      {verify.isPending ? <Spinner label={t('admin.users.saving')} className="text-primary" /> : null}
    </div>
  );
}

type UserRowProps = { actor: Actor; user: AdminUser; onDelete: (user: AdminUser, opener: HTMLElement) => void };

function UserRow({ actor, user, onDelete }: UserRowProps) {
  const t = useT();
  return (
    <tr>
      <Cell nowrap className="text-muted-foreground tabular-nums">
        {user.id}
      </Cell>
      <RowHeader>
        <span className="flex flex-wrap items-center gap-1.5">
          <PersonLink username={user.username} className="break-all" />
          {!user.isVisible ? <Badge variant="neutral">{t('admin.users.hidden')}</Badge> : null}
          {user.markedForDeletion ? <Badge variant="warning">{t('admin.users.deletionRequested')}</Badge> : null}
        </span>
      </RowHeader>
      <Cell nowrap className={user.phoneNumber ? 'tabular-nums' : 'text-muted-foreground'}>
        {phoneText(t, user.phoneNumber)}
      </Cell>
      <Cell nowrap>{yesNo(t, user.isAdmin)}</Cell>
      <Cell>
        <VerifiedSwitch user={user} />
      </Cell>
      <Cell nowrap className="text-muted-foreground">
        <time dateTime={user.createdAt}>{formatDateTime(user.createdAt, currentLanguage())}</time>
      </Cell>
      <Cell nowrap>
        {!userPolicy.remove(actor, user) ? null : (
          <Button
            variant="outline"
            aria-label={t('admin.users.deleteLabel', { name: user.username })}
            className="text-danger-text hover:text-danger-text"
            onClick={(event) => onDelete(user, event.currentTarget)}
          >
            <Trash2 aria-hidden="true" />
            {t('admin.users.delete')}
          </Button>
        )}
      </Cell>
    </tr>
  );
}

/** The Users tab: a name filter, the table of docs/product.md, Pages, pages of 100; `actor` is the signed-in admin. */
export function UsersPanel({ actor }: { actor: Actor }) {
  const t = useT();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const users = useAdminUsers({ query, page });
  // Deleting asks for the reason, which is logged (docs/decisions/025-moderation.md).
  const moderate = useModerate();
  const [target, setTarget] = useState<AdminUser | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const confirm = {
    ask: (user: AdminUser, button: HTMLElement) => {
      opener.current = button;
      setTarget(user);
    },
  };

  useEffect(() => {
    const next = filter.trim();
    if (next === query) return;
    const timer = setTimeout(() => {
      setQuery(next);
      setPage(1);
    }, LIST_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filter, query]);

  const rows = users.data?.length ?? 0;
  // The users of the last page were deleted (here or by another admin): step back to a page that has some.
  // Set while rendering (state that follows other state, as React advises), not in an effect after it.
  if (users.data?.length === 0 && !users.isPlaceholderData && page > 1) setPage(page - 1);
  const hasNext = rows === ADMIN_USERS_PAGE_SIZE;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="max-w-sm">
        <SearchInput
          id={filterId}
          hiddenLabel={t('admin.users.filter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder={t('admin.users.filter')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          busy={users.isFetching && !users.isPending}
          busyLabel={t('admin.users.updating')}
        />
      </div>

      <QueryTable
        query={users}
        loadingLabel={t('admin.users.loading')}
        errorTitle={t('admin.users.loadError')}
        emptyMessage={query ? t('admin.users.emptyMatching', { query }) : t('admin.users.empty')}
        emptyAction={
          query ? (
            <Button variant="outline" onClick={() => setFilter('')}>
              {t('admin.users.clearFilter')}
            </Button>
          ) : null
        }
      >
        {(list) => (
          <DataTable
            label={t('admin.users.tableLabel')}
            columns={COLUMNS.map((column) => t(column))}
            stale={users.isPlaceholderData}
            stickyColumn={1}
          >
            {list.map((user) => (
              <UserRow key={user.id} actor={actor} user={user} onDelete={confirm.ask} />
            ))}
          </DataTable>
        )}
      </QueryTable>

      {page > 1 || hasNext ? (
        <nav aria-label={t('admin.users.pagesLabel')} className="flex items-center justify-between gap-3">
          <Button variant="outline" disabled={page === 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            <ChevronLeft aria-hidden="true" />
            {t('admin.users.previous')}
          </Button>
          <span className="text-sm text-muted-foreground">{t('admin.users.page', { page })}</span>
          <Button variant="outline" disabled={!hasNext} onClick={() => setPage((p) => p + 1)}>
            {t('admin.users.next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}

      <ReasonDialog
        open={target !== null}
        pending={moderate.isPending}
        returnFocusRef={opener}
        onClose={() => setTarget(null)}
        onConfirm={(reason) => {
          if (!target) return;
          moderate.mutate(
            { kind: 'delete_user', userId: target.id, reason },
            { onSuccess: () => notifySuccess(ADMIN_TOASTS.userDeleted), onError: notifyError, onSettled: () => setTarget(null) },
          );
        }}
        title={target ? t('admin.users.confirmTitle', { name: target.username }) : t('admin.users.confirmTitleAny')}
        description={t('admin.users.confirmDescription')}
      />
    </div>
  );
}
