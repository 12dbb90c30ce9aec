import { zodResolver } from '@hookform/resolvers/zod';
import { Link2, Link2Off, LockKeyhole, LockKeyholeOpen, UserPlus, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouteLink } from 'wouter';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { type Link, useCreateLink, useDeleteLink, useLinks, useUpdateLink } from '../api';
import { linkFormSchema } from '../lib/note-schemas';
import { EmptyList, ListSpinner } from './note-lists';

const failed = (title: string) => (error: unknown) => toast({ variant: 'destructive', title, description: getErrorMessage(error) });

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
  const create = useCreateLink();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(linkFormSchema), defaultValues: { username: '' } });

  const onSubmit = handleSubmit(({ username }) => {
    create.mutate(username, {
      onSuccess: (link) => {
        reset();
        toast({
          title: 'User linked',
          description: `Turn on access to let ${link.user.username} read your linked notes.`,
        });
      },
      onError: (error) => {
        // The server's reason ('User not found', 'You cannot link yourself'…) belongs to the field.
        setError('username', { message: getErrorMessage(error) }, { shouldFocus: true });
        failed('Could not link this user')(error);
      },
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-3">
      <TextField
        id="link-username"
        label="Username to link"
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <div>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? <Spinner /> : <UserPlus aria-hidden="true" />}
          Link user
        </Button>
      </div>
    </form>
  );
}

function MyLink({ link }: { link: Link }) {
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
            title: hasNoteAccess ? 'Access granted' : 'Access withdrawn',
            description: hasNoteAccess
              ? `${username} can now read your linked notes.`
              : `${username} can no longer read your linked notes.`,
          }),
        onError: failed('Could not change access'),
      },
    );

  const onUnlink = () =>
    remove.mutate(link.id, {
      onSuccess: () => toast({ title: 'User unlinked', description: `${username} is no longer linked.` }),
      onError: failed('Could not unlink this user'),
    });

  return (
    <li className="grid gap-2 rounded-xl border border-border p-3">
      <div className="flex items-center justify-between gap-2">
        <ProfileLink username={username} />
        <Button variant="ghost" size="sm" className="h-11" onClick={onUnlink} disabled={remove.isPending} aria-busy={remove.isPending}>
          {remove.isPending ? <Spinner /> : <Link2Off aria-hidden="true" />}
          Unlink<span className="sr-only"> {username}</span>
        </Button>
      </div>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={switchId} className="text-sm text-muted-foreground">
          Can read my linked notes
        </label>
        <Switch
          id={switchId}
          aria-label={`Let ${username} read my linked notes`}
          checked={access}
          onCheckedChange={onAccessChange}
          disabled={update.isPending}
        />
      </div>
    </li>
  );
}

function LinkedBy({ link }: { link: Link }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border px-3 py-1">
      <ProfileLink username={link.user.username} />
      {link.hasNoteAccess ? (
        <Badge variant="success">
          <LockKeyholeOpen className="size-3" aria-hidden="true" />
          You can read their linked notes
        </Badge>
      ) : (
        <Badge variant="neutral">
          <LockKeyhole className="size-3" aria-hidden="true" />
          No access to their notes
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
  const links = useLinks();
  const data = links.data;

  return (
    <Card>
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle className="flex items-center gap-2">
          <Link2 className="size-5 text-primary" aria-hidden="true" />
          Linked users
        </CardTitle>
        <CardDescription className="text-pretty">
          Link people you know, then choose who may read your notes marked 'Linked users'.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 p-4 sm:p-6">
        <AddLinkForm />

        <LinkList
          title="People you linked"
          links={data?.links}
          empty="You have not linked anyone yet."
          renderLink={(link) => <MyLink key={link.id} link={link} />}
          fallback={
            links.isPending ? (
              <ListSpinner label="Loading your links…" />
            ) : (
              <LoadError
                variant="section"
                title="Could not load your links"
                error={links.error}
                onRetry={() => void links.refetch()}
                retrying={links.isFetching}
              />
            )
          }
        />
        {/* Same request as above: its spinner or error shows there only. */}
        <LinkList
          title="People who linked you"
          links={data?.linkedBy}
          empty="No one has linked you yet."
          renderLink={(link) => <LinkedBy key={link.id} link={link} />}
        />
      </CardContent>
    </Card>
  );
}
