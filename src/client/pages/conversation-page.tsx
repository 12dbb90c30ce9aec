import { useParams } from 'wouter';
import { useAuth } from '@/features/auth/auth-provider';
import { ConversationView } from '@/features/conversations/components/conversation-view';

/** /messages/{id} (signed in): one conversation about an item. */
export function ConversationPage() {
  const params = useParams<{ id: string }>();
  const { user } = useAuth();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  // ProtectedRoute lets only a signed-in user get here.
  if (!user) return null;
  return <ConversationView key={id} id={id} myId={user.id} />;
}
