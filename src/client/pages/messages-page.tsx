import { ConversationList } from '@/features/conversations/components/conversation-list';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /messages (signed in): my conversations about items, newest first. */
export function MessagesPage() {
  const t = useT();
  useDocumentTitle(t('conversations.page.title'));
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('conversations.page.title')}</h1>
        <p className="mt-1 text-pretty text-muted-foreground">{t('conversations.page.intro')}</p>
      </div>
      <ConversationList />
    </div>
  );
}
