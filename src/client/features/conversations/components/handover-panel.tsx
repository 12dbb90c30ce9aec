import { CircleCheck, Gift, Info, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ConversationDetail } from '#shared/conversations.js';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { T, type Translate, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useHandOver, usePromiseItem } from '../api';
import { useReportSlot, useThanksSlot } from '../report-slot';

const failed = (t: Translate) => (error: unknown) =>
  toast({ variant: 'destructive', title: t('conversations.handover.error'), description: getErrorMessage(error) });

/** The link of a sentence (`<0>…</0>` in its text) to the item's page. */
const itemLink = (itemId: number) => ({ 0: <Link href={`/items/${itemId}`} className="font-medium underline underline-offset-4" /> });

function Panel({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const t = useT();
  return (
    <section
      aria-label={t('conversations.handover.label')}
      className="flex flex-col gap-3 rounded-card border border-border bg-primary-soft p-3 text-primary-soft-foreground sm:flex-row sm:items-center sm:justify-between sm:p-4"
    >
      <p className="flex items-start gap-2 text-sm">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>{children}</span>
      </p>
      {actions ? <div className="flex flex-wrap gap-2 sm:justify-end">{actions}</div> : null}
    </section>
  );
}

/** "Didn't show up": a report of the other side of this hand-over, for the admins only (never public). */
function NoShowButton({ itemId, name }: { itemId: number; name: string }) {
  const t = useT();
  const report = useReportSlot();
  return report({ target: { noShowItemId: itemId }, label: t('conversations.handover.noShow'), subject: name });
}

/** The owner's side: promise the item to this person, then mark it given or withdraw. */
function OwnerPanel({ conversation }: { conversation: ConversationDetail }) {
  const t = useT();
  const { item, other } = conversation;
  const promise = usePromiseItem(conversation.id);
  const handOver = useHandOver(conversation.id, item.id);
  const busy = promise.isPending || handOver.isPending;
  const change = (status: 'taken' | 'available', done: string) =>
    handOver.mutate(status, {
      onSuccess: () => toast({ title: t('conversations.handover.success'), description: done }),
      onError: failed(t),
    });

  if (item.status === 'available') {
    return (
      <Panel
        actions={
          <Button
            size="sm"
            disabled={busy}
            aria-busy={promise.isPending}
            onClick={() =>
              promise.mutate(undefined, {
                onSuccess: () =>
                  toast({
                    title: t('conversations.handover.success'),
                    description: t('conversations.handover.promisedToast', { name: other.username }),
                  }),
                onError: failed(t),
              })
            }
          >
            {promise.isPending ? <Spinner /> : <Gift aria-hidden="true" />}
            {t('conversations.handover.promise', { name: other.username })}
          </Button>
        }
      >
        {t('conversations.handover.promiseHint')}
      </Panel>
    );
  }
  if (item.status === 'promised' && item.promisedHere) {
    return (
      <Panel
        actions={
          <>
            <Button
              size="sm"
              disabled={busy}
              aria-busy={handOver.isPending && handOver.variables === 'taken'}
              onClick={() => change('taken', t('conversations.handover.markedGiven'))}
            >
              {handOver.isPending && handOver.variables === 'taken' ? <Spinner /> : <CircleCheck aria-hidden="true" />}
              {t('conversations.handover.markGiven')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              aria-busy={handOver.isPending && handOver.variables === 'available'}
              onClick={() => change('available', t('conversations.handover.withdrawn'))}
            >
              {handOver.isPending && handOver.variables === 'available' ? <Spinner /> : <Undo2 aria-hidden="true" />}
              {t('conversations.handover.withdraw')}
            </Button>
            <NoShowButton itemId={item.id} name={other.username} />
          </>
        }
      >
        <T id="conversations.handover.youPromised" values={{ name: other.username }} components={{ 0: <strong /> }} />
      </Panel>
    );
  }
  if (item.status === 'promised') {
    return (
      <Panel>
        <T id="conversations.handover.promisedElsewhere" components={itemLink(item.id)} />
      </Panel>
    );
  }
  if (item.status === 'taken')
    return (
      <Panel actions={item.promisedHere ? <NoShowButton itemId={item.id} name={other.username} /> : undefined}>
        {item.promisedHere ? (
          <T id="conversations.handover.youGave" values={{ name: other.username }} components={{ 0: <strong /> }} />
        ) : (
          t('conversations.handover.gone')
        )}
      </Panel>
    );
  return (
    <Panel>
      <T id="conversations.handover.expired" components={itemLink(item.id)} />
    </Panel>
  );
}

/** The requester's side: whether it is theirs now, or gone. */
function RequesterPanel({ conversation }: { conversation: ConversationDetail }) {
  const t = useT();
  const { item, other } = conversation;
  if (item.status === 'promised' && item.promisedHere) {
    return (
      <Panel actions={<NoShowButton itemId={item.id} name={other.username} />}>
        <T id="conversations.handover.promisedToYou" components={itemLink(item.id)} />
      </Panel>
    );
  }
  if (item.status === 'taken' && item.promisedHere)
    return <Panel actions={<NoShowButton itemId={item.id} name={other.username} />}>{t('conversations.handover.givenToYou')}</Panel>;
  if (item.status === 'promised' || item.status === 'taken') return <Panel>{t('conversations.handover.goneElsewhere')}</Panel>;
  if (item.status === 'expired') return <Panel>{t('conversations.handover.listingExpired')}</Panel>;
  return null;
}

/**
 * Where the item stands between the two, with what the owner can do about it. Once it is given
 * between them, both are asked to thank the other right there (the page's thanks slot).
 */
export function HandoverPanel({ conversation }: { conversation: ConversationDetail }) {
  const thanks = useThanksSlot();
  // A want is looked for, not given: no promise or hand-over (docs/decisions/023-offers-and-wants.md).
  if (conversation.item.type === 'want') return null;
  const panel = conversation.role === 'owner' ? <OwnerPanel conversation={conversation} /> : <RequesterPanel conversation={conversation} />;
  const { item } = conversation;
  if (item.status !== 'taken' || !item.promisedHere) return panel;
  return (
    <>
      {panel}
      {thanks({ itemId: item.id })}
    </>
  );
}
