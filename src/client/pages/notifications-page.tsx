import { NotificationList } from '@/features/notifications/components/notification-list';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /notifications (signed in): what happened around my items, conversations and requests, latest first. */
export function NotificationsPage() {
  const t = useT();
  useDocumentTitle(t('notifications.page.title'));
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('notifications.page.title')}</h1>
        <p className="mt-1 text-pretty text-muted-foreground">{t('notifications.page.intro')}</p>
      </div>
      <NotificationList />
    </div>
  );
}
