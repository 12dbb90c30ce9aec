import { Bell, BellRing, ExternalLink, Languages } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ALERTS_ANCHOR, SavedAlertsList } from '@/features/alerts/components/saved-alerts-section';
import { useForgetSession } from '@/features/auth/api';
import { NotificationPreferences } from '@/features/notifications/components/notification-preferences';
import { VendorIcon } from '@/features/profiles/components/vendor-icon';
import { useSettings } from '@/features/settings/api';
import { BlockedPeopleSection } from '@/features/settings/components/blocked-people-section';
import { DataSection } from '@/features/settings/components/data-section';
import { DeletionSection } from '@/features/settings/components/deletion-section';
import { DistanceUnitSection } from '@/features/settings/components/distance-unit-section';
import { EmailSection } from '@/features/settings/components/email-section';
import { PasswordSection } from '@/features/settings/components/password-section';
import { PaymentLinksSection } from '@/features/settings/components/payment-links-section';
import { PhoneSection } from '@/features/settings/components/phone-section';
import { ProfileSection } from '@/features/settings/components/profile-section';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { VisibilitySection } from '@/features/settings/components/visibility-section';
import { LanguagePicker } from '@/app/language-picker';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

const renderVendorIcon = (name: string) => <VendorIcon name={name} />;

/** /settings (signed in): profile (photo, area, bio), payment links, saved alerts, e-mail address, phone, visibility, blocked people, password, account deletion. */
export function SettingsPage() {
  const t = useT();
  useDocumentTitle(t('settings.page.title'));
  const settings = useSettings();
  const data = settings.data;
  const forgetSession = useForgetSession();
  const [, navigate] = useLocation();

  // The server ended the session with the account: sign this side out the way logging out does.
  const onAccountDeleted = () => {
    navigate('/auth');
    forgetSession();
    toast({ title: t('settings.page.deletedTitle'), description: t('settings.page.deletedText') });
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('settings.page.heading')}</h1>
          <p className="mt-1 text-pretty text-muted-foreground">{t('settings.page.intro')}</p>
        </div>
        {data ? (
          <Button asChild variant="outline">
            <Link href={`/u/${encodeURIComponent(data.username)}`}>
              <ExternalLink aria-hidden="true" />
              {t('settings.page.viewProfile')}
            </Link>
          </Button>
        ) : null}
      </div>

      {data ? (
        <>
          <ProfileSection settings={data} />
          <PaymentLinksSection links={data.paymentIds} renderIcon={renderVendorIcon} />
          <div id={ALERTS_ANCHOR} tabIndex={-1} className="scroll-mt-24 outline-none">
            <SettingsSection icon={BellRing} title={t('alerts.settings.title')} description={t('alerts.settings.description')}>
              <SavedAlertsList />
            </SettingsSection>
          </div>
          <EmailSection username={data.username} />
          <PhoneSection settings={data} />
          <VisibilitySection isVisible={data.isVisible} />
          <SettingsSection icon={Languages} title={t('settings.language.title')} description={t('settings.language.description')}>
            <LanguagePicker className="max-w-sm" />
          </SettingsSection>
          <DistanceUnitSection />
          <div id="notifications" className="scroll-mt-20">
            <SettingsSection icon={Bell} title={t('notifications.settings.title')} description={t('notifications.settings.intro')}>
              <NotificationPreferences />
            </SettingsSection>
          </div>
          <BlockedPeopleSection />
          <PasswordSection username={data.username} />
          <DataSection />
          <DeletionSection markedForDeletion={data.markedForDeletion} username={data.username} onAccountDeleted={onAccountDeleted} />
        </>
      ) : settings.isPending ? (
        <PageSpinner label={t('settings.page.loading')} />
      ) : (
        <LoadError
          title={t('settings.page.loadFailed')}
          error={settings.error}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      )}
    </div>
  );
}
