import { ConversationList } from '@/features/conversations/components/conversation-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /messages (signed in): my conversations about items, newest first. */
export function MessagesPage() {
  useDocumentTitle('Messages');
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Messages</h1>
        <p className="mt-1 text-pretty text-muted-foreground">
          Your conversations about items: the ones you asked for and the ones you share.
        </p>
      </div>
      <ConversationList />
    </div>
  );
}
