import { useParams } from 'wouter';
import { useAuth } from '@/features/auth/auth-provider';
import { ConversationView } from '@/features/conversations/components/conversation-view';
import { type ReportSlot, ReportSlotProvider, type ThanksSlot, ThanksSlotProvider } from '@/features/conversations/report-slot';
import { HandOverThanks } from '@/features/profiles/components/hand-over-thanks';
import { ReportButton } from '@/features/reports/components/report-button';

/** Reports of a message or a no-show, drawn by the reports feature. */
const reportSlot: ReportSlot = (props) => <ReportButton {...props} />;
/** After the hand-over, the thanks of the profiles feature. */
const thanksSlot: ThanksSlot = ({ itemId }) => <HandOverThanks itemId={itemId} />;

/** /messages/{id} (signed in): one conversation about an item. */
export function ConversationPage() {
  const params = useParams<{ id: string }>();
  const { user } = useAuth();
  const id = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : Number.NaN;
  // ProtectedRoute lets only a signed-in user get here.
  if (!user) return null;
  return (
    <ReportSlotProvider value={reportSlot}>
      <ThanksSlotProvider value={thanksSlot}>
        <ConversationView key={id} id={id} myId={user.id} />
      </ThanksSlotProvider>
    </ReportSlotProvider>
  );
}
