import { zodResolver } from '@hookform/resolvers/zod';
import { Link2, Link2Off, LockKeyhole, LockKeyholeOpen, UserPlus, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouteLink } from 'wouter';
import type { MessageId } from '#shared/i18n.js';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldOf, UsernameField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { T, translate, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { type Link, useCreateLink, useDeleteLink, useLinks, useUpdateLink } from '../api';
import { linkFormSchema } from '../lib/note-schemas';
import { EmptyList, ListSpinner } from './note-lists';

const failed = (title: MessageId) => (error: unknown) =>
  toast({ variant: 'destructive', title: translate(title), description: getErrorMessage(error) });

function ProfileLink({ username }: { username: string }) {
  return (
    <RouteLink
      href={`/u/${encodeURIComponent(username)}`}
      className="inline-flex min-h-11 min-w-0 items-center font-semibold break-all text-link hover:underline"
    >
      {username}
    </RouteLink>
  );
}

function AddLinkForm() {
  const t = useT();
  const create = useCreateLink();
  const form = useForm({ resolver: zodResolver(linkFormSchema), defaultValues: { username: '' } });
  const { handleSubmit, reset, setError } = form;

  const onSubmit = handleSubmit(({ username }) => {
    create.mutate(username, {
      onSuccess: (link) => {
        reset();
        toast({
          title: t('notes.links.linkedTitle'),
          description: t('notes.links.linkedText', { username: link.user.username }),
        });
      },
      onError: (error) => {
        // The server's reason ('User not found', 'You cannot link yourself'…) belongs to the field.
        setError('username', { message: getErrorMessage(error) }, { shouldFocus: true });
        failed('notes.links.linkFailed')(error);
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-3">
      <UsernameField id="link-username" label={t('notes.links.username')} autoComplete="off" {...fieldOf(form, 'username')} />
      <div>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? <Spinner /> : <UserPlus aria-hidden="true" />}
          {t('notes.links.linkUser')}
        </Button>
      </div>
    </form>
  );
}

function MyLink({ link }: { link: Link }) {
  const t = useT();
  const update = useUpdateLink();
  const remove = useDeleteLink();
  const { username } = link.user;
  // While the change is on its way the switch already shows it.
  const access = update.isPending && update.variables ? update.variables.hasNoteAccess : link.hasNoteAccess;
  const switchId = `link-access-${link.id}`;

  const onAccessChange = (hasNoteAccess: boolean) =>
    update.mutate(
      { id: link.id, hasNoteAccess },
      {
        onSuccess: () =>
          toast({
            title: hasNoteAccess ? t('notes.links.accessGranted') : t('notes.links.accessWithdrawn'),
            description: hasNoteAccess ? t('notes.links.grantedText', { username }) : t('notes.links.withdrawnText', { username }),
          }),
        onError: failed('notes.links.accessFailed'),
      },
    );

  const onUnlink = () =>
    remove.mutate(link.id, {
      onSuccess: () => toast({ title: t('notes.links.unlinkedTitle'), description: t('notes.links.unlinkedText', { username }) }),
      onError: failed('notes.links.unlinkFailed'),
    });

  return (
    <li className="grid gap-2 rounded-xl border border-border p-3">
      <div className="flex items-center justify-between gap-2">
        <ProfileLink username={username} />
        <Button variant="ghost" size="sm" className="h-11" onClick={onUnlink} disabled={remove.isPending} aria-busy={remove.isPending}>
          {remove.isPending ? <Spinner /> : <Link2Off aria-hidden="true" />}
          <T id="notes.links.unlink" values={{ username }} components={{ 0: <span className="sr-only" /> }} />
        </Button>
      </div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={switchId} className="text-sm text-muted-foreground">
          {t('notes.links.canRead')}
        </label>
        <Switch
          id={switchId}
          aria-label={t('notes.links.accessLabel', { username })}
          checked={access}
          onCheckedChange={onAccessChange}
          disabled={update.isPending}
        />
      </div>
    </li>
  );
}

function LinkedBy({ link }: { link: Link }) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border px-3 py-1">
      <ProfileLink username={link.user.username} />
      {link.hasNoteAccess ? (
        <Badge variant="success">
          <LockKeyholeOpen className="size-3" aria-hidden="true" />
          {t('notes.links.canReadTheirs')}
        </Badge>
      ) : (
        <Badge variant="neutral">
          <LockKeyhole className="size-3" aria-hidden="true" />
          {t('notes.links.noAccess')}
        </Badge>
      )}
    </li>
  );
}

type LinkListProps = {
  title: string;
  /** Undefined until loaded. */
  links: Link[] | undefined;
  empty: string;
  renderLink: (link: Link) => ReactNode;
  /** Shown while there is no list (loading, failed). */
  fallback?: ReactNode;
};

function LinkList({ title, links, empty, renderLink, fallback = null }: LinkListProps) {
  return (
    <section className="grid gap-3">
      <h3 className="font-semibold">{title}</h3>
      {!links ? (
        fallback
      ) : links.length === 0 ? (
        <EmptyList compact icon={<UsersRound aria-hidden="true" />}>
          {empty}
        </EmptyList>
      ) : (
        <ul className="grid gap-2">{links.map(renderLink)}</ul>
      )}
    </section>
  );
}

/** Linked users: link someone by name, let them read my linked notes or not, and who linked me. */
export function LinkedUsers() {
  const t = useT();
  const links = useLinks();
  const data = links.data;

  return (
    <Card>
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-primary" aria-hidden="true" />
          {t('notes.links.title')}
        </CardTitle>
        <CardDescription className="text-pretty">{t('notes.links.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 p-4 sm:p-6">
        <AddLinkForm />

        <LinkList
          title={t('notes.links.peopleYouLinked')}
          links={data?.links}
          empty={t('notes.links.emptyLinked')}
          renderLink={(link) => <MyLink key={link.id} link={link} />}
          fallback={
            links.isPending ? (
              <ListSpinner label={t('notes.links.loading')} />
            ) : (
              <LoadError
                variant="section"
                title={t('notes.links.loadFailed')}
                error={links.error}
                onRetry={() => void links.refetch()}
                retrying={links.isFetching}
              />
            )
          }
        />
        {/* Same request as above: its spinner or error shows there only. */}
        <LinkList
          title={t('notes.links.peopleWhoLinkedYou')}
          links={data?.linkedBy}
          empty={t('notes.links.emptyLinkedBy')}
          renderLink={(link) => <LinkedBy key={link.id} link={link} />}
        />
      </CardContent>
    </Card>
  );
}
