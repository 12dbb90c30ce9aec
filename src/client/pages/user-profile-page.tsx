import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-provider';
import { useProfile } from '@/features/profiles/api';
import { ProfileError, ProfileView } from '@/features/profiles/components/profile-view';
import { PROFILE_TEXTS, profileTitle } from '@/features/profiles/lib/profile-texts';
import { BlockButton } from '@/features/conversations/components/block-button';
import { ReportButton } from '@/features/reports/components/report-button';
import { ApiError, getErrorMessage } from '@/lib/request';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /u/{username} (public): a person's payment links and verification (docs/product.md, Pages, Public search and profiles). */
export function UserProfilePage({ username }: { username: string }) {
  const t = useT();
  const { data: profile, error, isPending, isFetching, refetch } = useProfile(username);
  const { user } = useAuth();
  // The server's message when it gave one; else 'User not found' for a 404 and 'Failed to fetch user profile' otherwise.
  const missing = error instanceof ApiError && error.status === 404;
  const message = error ? getErrorMessage(error, missing ? t(PROFILE_TEXTS.userNotFound) : t(PROFILE_TEXTS.fetchFailed)) : null;

  useDocumentTitle(profile ? profileTitle(t, profile.username) : (message ?? profileTitle(t, username)));

  if (profile) {
    // Signed-in people may report or block someone else; visitors and the person themselves see neither.
    const canReport = user && user.username.toLowerCase() !== profile.username.toLowerCase();
    return (
      <ProfileView
        profile={profile}
        actions={
          canReport ? (
            <div className="flex flex-wrap items-center gap-2">
              <ReportButton target={{ username: profile.username }} label={t('profiles.reportUser')} subject={profile.username} />
              <BlockButton username={profile.username} />
            </div>
          ) : null
        }
      />
    );
  }
  if (message !== null) {
    // A missing user will not appear by trying again; a failed request may work next time.
    return <ProfileError message={message} onRetry={missing ? undefined : () => void refetch()} retrying={isFetching} />;
  }
  if (isPending) return <PageSpinner label={t('profiles.loading')} />;
  return <ProfileError message={t(PROFILE_TEXTS.userNotFound)} />;
}
