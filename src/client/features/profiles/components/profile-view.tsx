import {
  ArrowLeft,
  BadgeCheck,
  CalendarDays,
  CircleAlert,
  Gift,
  HandHeart,
  MapPin,
  PackageOpen,
  Share2,
  ShieldQuestion,
  UserRound,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'wouter';
import type { Profile } from '#shared/people.js';
import { RetryButton } from '@/components/load-error';
import { PageMessage } from '@/components/page-message';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatShortDate } from '@/lib/format-date';
import { useT } from '@/lib/i18n';
import { useClientConfig } from '@/lib/use-client-config';
import { PROFILE_TEXTS, profileTitle } from '../lib/profile-texts';
import { PaymentLinkList } from './payment-link-list';

// The dialog and the QR library load with the first press of "Share profile" (or when it is pointed at).
const loadShareDialog = () => import('./share-profile-dialog');
const ShareProfileDialog = lazy(async () => ({ default: (await loadShareDialog()).ShareProfileDialog }));

/** The address people share: the configured public URL when there is one, else this origin. */
function profilePageUrl(username: string, publicUrl: string | null | undefined, origin: string): string {
  return `${(publicUrl || origin).replace(/\/+$/, '')}/u/${encodeURIComponent(username)}`;
}

function ShareProfile({ username }: { username: string }) {
  const t = useT();
  const config = useClientConfig();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  const preload = () => void loadShareDialog().catch(() => undefined);
  return (
    <>
      <Button
        variant="outline"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => {
          setTrigger(event.currentTarget);
          setWanted(true);
          setOpen(true);
        }}
      >
        <Share2 aria-hidden="true" />
        {t('profiles.share.button')}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ShareProfileDialog
            username={username}
            url={profilePageUrl(username, config.data?.publicUrl, window.location.origin)}
            open={open}
            onClose={() => setOpen(false)}
            returnFocusTo={trigger}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The photo (96 px file shown at 64 px, 2x screens get the 256 px one), or the person icon. */
function Avatar({ profile }: { profile: Profile }) {
  const t = useT();
  if (!profile.avatarUrl || !profile.avatarSmallUrl) {
    return (
      <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <UserRound className="size-8" aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      src={profile.avatarSmallUrl}
      srcSet={`${profile.avatarSmallUrl} 96w, ${profile.avatarUrl} 256w`}
      sizes="64px"
      width={64}
      height={64}
      alt={t('profiles.rep.photoAlt', { username: profile.username })}
      className="size-16 shrink-0 rounded-full object-cover ring-1 ring-border"
    />
  );
}

function Stat({ icon: Icon, text }: { icon: typeof Gift; text: string }) {
  return (
    <li className="flex items-center gap-2 rounded-card border border-border bg-card px-3 py-2 text-sm font-medium">
      <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
      {text}
    </li>
  );
}

/** Counts, the items on offer now and the thanks received (docs/product.md, Profiles and reputation). */
function Reputation({ profile }: { profile: Profile }) {
  const t = useT();
  return (
    <>
      <section aria-labelledby="profile-stats" className="grid gap-3">
        <h2 id="profile-stats" className="sr-only">
          {t('profiles.rep.stats')}
        </h2>
        <ul className="flex flex-wrap gap-2">
          <Stat icon={Gift} text={t('profiles.rep.given', { count: profile.givenCount })} />
          <Stat icon={PackageOpen} text={t('profiles.rep.received', { count: profile.receivedCount })} />
          <Stat icon={HandHeart} text={t('profiles.rep.thanksCount', { count: profile.thanksCount })} />
        </ul>
      </section>
      <ListSection
        id="profile-items"
        title={t('profiles.rep.onOffer')}
        empty={profile.items.length === 0 ? t('profiles.rep.noItems') : null}
      >
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {profile.items.map((item) => (
            <li key={item.id}>
              <Link
                href={`/items/${item.id}`}
                className="group grid gap-2 rounded-card border border-border bg-card p-2 shadow-sm hover:border-primary"
              >
                {item.thumbnailUrl ? (
                  <img
                    src={item.thumbnailUrl}
                    alt=""
                    width={640}
                    height={480}
                    loading="lazy"
                    className="aspect-4/3 w-full rounded-lg object-cover"
                  />
                ) : (
                  <span className="flex aspect-4/3 w-full items-center justify-center rounded-lg bg-muted text-muted-foreground">
                    <PackageOpen className="size-8" aria-hidden="true" />
                  </span>
                )}
                {item.type === 'want' ? (
                  <span className="px-1 text-xs font-semibold text-primary uppercase">{t('profiles.rep.want')}</span>
                ) : null}
                <span className="line-clamp-2 px-1 text-sm font-medium break-words group-hover:underline">{item.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </ListSection>
      <ListSection
        id="profile-thanks"
        title={t('profiles.rep.thanksHeading')}
        empty={profile.thanks.length === 0 ? t('profiles.rep.noThanks') : null}
      >
        <ul className="grid gap-3">
          {profile.thanks.map((thanks) => (
            <li key={thanks.id} className="grid gap-1 rounded-card border border-border bg-card p-4 shadow-sm">
              {thanks.note ? <p className="break-words whitespace-pre-line">{thanks.note}</p> : null}
              <p className="text-sm text-muted-foreground">
                {thanks.fromUsername
                  ? t('profiles.rep.thanksFrom', { username: thanks.fromUsername, title: thanks.itemTitle })
                  : t('profiles.rep.thanksFromUnknown', { title: thanks.itemTitle })}
                {' · '}
                <time dateTime={thanks.createdAt}>{formatShortDate(thanks.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      </ListSection>
    </>
  );
}

/** A titled part of the profile: its list, or a sentence when there is nothing to list. */
function ListSection({ id, title, empty, children }: { id: string; title: string; empty: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {empty === null ? children : <p className="text-muted-foreground">{empty}</p>}
    </section>
  );
}

function BackToSearch() {
  const t = useT();
  return (
    <Button asChild variant="outline">
      <Link href="/search">
        <ArrowLeft aria-hidden="true" />
        {t(PROFILE_TEXTS.backToSearch)}
      </Link>
    </Button>
  );
}

/**
 * '{username}'s Profile' with its Payment Links and About tabs (docs/product.md, Pages, Public search and profiles),
 * then the photo, area, bio, share, counts, items on offer and thanks. `actions` (the page's): Report.
 */
export function ProfileView({ profile, actions }: { profile: Profile; actions?: ReactNode }) {
  const t = useT();
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <div>
        <BackToSearch />
      </div>
      <header className="grid gap-4">
        <div className="flex items-center gap-4">
          <Avatar profile={profile} />
          <div className="grid min-w-0 gap-1">
            {/* A long name wraps anywhere, so the heading never widens the page on a phone. */}
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h1 className="min-w-0 text-3xl font-bold tracking-tight wrap-anywhere">{profileTitle(t, profile.username)}</h1>
              {profile.isPhoneVerified ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-900 dark:bg-green-950 dark:text-green-200">
                  <BadgeCheck className="size-4" aria-hidden="true" />
                  {t('profiles.rep.verifiedBadge')}
                </span>
              ) : null}
            </div>
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
              {profile.area ? (
                <span className="inline-flex items-center gap-1.5">
                  <MapPin className="size-4 shrink-0" aria-hidden="true" />
                  {t('profiles.rep.area', { area: profile.area })}
                </span>
              ) : null}
              <span className="inline-flex items-center gap-1.5">
                <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
                {t('profiles.rep.memberSince', { date: formatShortDate(profile.memberSince) })}
              </span>
            </p>
          </div>
        </div>
        {profile.bio ? <p className="text-base leading-relaxed break-words whitespace-pre-line">{profile.bio}</p> : null}
        <div className="flex flex-wrap gap-2">
          <ShareProfile username={profile.username} />
          {actions}
        </div>
      </header>

      <Tabs defaultValue="payment-links">
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="payment-links">{t(PROFILE_TEXTS.paymentLinksTab)}</TabsTrigger>
          <TabsTrigger value="about">{t(PROFILE_TEXTS.aboutTab)}</TabsTrigger>
        </TabsList>
        <TabsContent value="payment-links">
          <PaymentLinkList links={profile.paymentIds} />
        </TabsContent>
        <TabsContent value="about">
          <Card>
            <CardContent className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <span className="font-semibold">{t(PROFILE_TEXTS.verificationStatus)}</span>
              {profile.isPhoneVerified ? (
                <span className="inline-flex items-center gap-1.5 rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-900 dark:bg-green-950 dark:text-green-200">
                  {t(PROFILE_TEXTS.verified)}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1.5 rounded-full bg-muted px-3 py-1 text-sm font-semibold text-muted-foreground">
                  <ShieldQuestion className="size-4" aria-hidden="true" />
                  {t(PROFILE_TEXTS.notVerified)}
                </span>
              )}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      <Reputation profile={profile} />
    </div>
  );
}

type ProfileErrorProps = {
  /** The server's message, or 'User not found'. */
  message: string;
  /** Offered for failures that may pass (not for a missing user). */
  onRetry?: () => void;
  retrying?: boolean;
};

/** Missing profile or failed fetch: the message and a way back to search. */
export function ProfileError({ message, onRetry, retrying = false }: ProfileErrorProps) {
  const t = useT();
  return (
    <PageMessage
      icon={CircleAlert}
      title={message}
      actions={
        <div className="flex flex-wrap gap-2">
          <BackToSearch />
          {onRetry ? <RetryButton onRetry={onRetry} retrying={retrying} /> : null}
        </div>
      }
    >
      {onRetry ? t('profiles.loadFailedText') : t('profiles.missingText')}
    </PageMessage>
  );
}
