import { ExternalLink } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useForgetSession } from '@/features/auth/api';
import { VendorIcon } from '@/features/profiles/components/vendor-icon';
import { useSettings } from '@/features/settings/api';
import { BlockedPeopleSection } from '@/features/settings/components/blocked-people-section';
import { DataSection } from '@/features/settings/components/data-section';
import { DeletionSection } from '@/features/settings/components/deletion-section';
import { PasswordSection } from '@/features/settings/components/password-section';
import { PaymentLinksSection } from '@/features/settings/components/payment-links-section';
import { PhoneSection } from '@/features/settings/components/phone-section';
import { VisibilitySection } from '@/features/settings/components/visibility-section';
import { useDocumentTitle } from '@/lib/use-document-title';

const renderVendorIcon = (name: string) => <VendorIcon name={name} />;

/** /settings (signed in): payment links, phone, visibility, blocked people, password, account deletion. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const settings = useSettings();
  const data = settings.data;
  const forgetSession = useForgetSession();
  const [, navigate] = useLocation();

  // The server ended the session with the account: sign this side out the way logging out does.
  const onAccountDeleted = () => {
    navigate('/auth');
    forgetSession();
    toast({ title: 'Account deleted', description: 'Your account and everything in it are gone. Thank you for sharing.' });
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Settings</h1>
          <p className="mt-1 text-pretty text-muted-foreground">Your payment links, phone number, privacy, blocked people and password.</p>
        </div>
        {data ? (
          <Button asChild variant="outline">
            <Link href={`/u/${encodeURIComponent(data.username)}`}>
              <ExternalLink aria-hidden="true" />
              View my public profile
            </Link>
          </Button>
        ) : null}
      </div>

      {data ? (
        <>
          <PaymentLinksSection links={data.paymentIds} renderIcon={renderVendorIcon} />
          <PhoneSection settings={data} />
          <VisibilitySection isVisible={data.isVisible} />
          <BlockedPeopleSection />
          <PasswordSection username={data.username} />
          <DataSection />
          <DeletionSection markedForDeletion={data.markedForDeletion} username={data.username} onAccountDeleted={onAccountDeleted} />
        </>
      ) : settings.isPending ? (
        <PageSpinner label="Loading your settings…" />
      ) : (
        <LoadError
          title="Could not load your settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
    </div>
  );
}
