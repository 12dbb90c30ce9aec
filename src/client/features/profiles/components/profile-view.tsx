import { ArrowLeft, CircleAlert, ShieldQuestion, UserRound } from 'lucide-react';
import { Link } from 'wouter';
import type { Profile } from '../../../../shared/people.js';
import { RetryButton } from '@/components/load-error';
import { PageMessage } from '@/components/page-message';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useT } from '@/lib/i18n';
import { PROFILE_TEXTS, profileTitle } from '../lib/profile-texts';
import { PaymentLinkList } from './payment-link-list';

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

/** '{username}'s Profile' with its Payment Links and About tabs (docs/product.md, Pages, Public search and profiles). */
export function ProfileView({ profile }: { profile: Profile }) {
  const t = useT();
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <div>
        <BackToSearch />
      </div>
      <header className="flex items-center gap-4">
        <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
          <UserRound className="size-7" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight break-words">{profileTitle(t, profile.username)}</h1>
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
