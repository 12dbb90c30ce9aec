import { CircleCheck, Pencil, RefreshCw, Trash2, Undo2 } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { MessageId } from '#shared/i18n.js';
import type { ItemDetail } from '#shared/items.js';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { formatShortDate } from '@/lib/format-date';
import { T, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { type ItemUpdate, useUpdateItem } from '../api';
import { isRenewDue } from '../lib/item-rules';

// Only the owner ever sees the delete confirmation (Radix Dialog): it loads when Delete is pointed
// at, focused or pressed, not with every visitor's item page.
const loadDeleteDialog = () => import('./delete-item-dialog');
const DeleteItemDialog = lazy(async () => ({ default: (await loadDeleteDialog()).DeleteItemDialog }));

/** The owner's changes of an item, each with the toast that confirms it. */
const ACTIONS = {
  given: { body: { status: 'taken' }, done: 'items.owner.givenDone', label: 'items.owner.given', icon: CircleCheck },
  withdraw: { body: { status: 'available' }, done: 'items.owner.withdrawDone', label: 'items.owner.withdraw', icon: Undo2 },
  available: { body: { status: 'available' }, done: 'items.owner.availableDone', label: 'items.owner.available', icon: Undo2 },
  renew: { body: { renew: true }, done: 'items.owner.renewDone', label: 'items.owner.renew', icon: RefreshCw },
} satisfies Record<string, { body: ItemUpdate; done: MessageId; label: MessageId; icon: typeof CircleCheck }>;

type ActionKey = keyof typeof ACTIONS;

/** Which changes the owner can make in the item's state, in the order of the buttons. */
function actionsFor(item: ItemDetail): ActionKey[] {
  const byStatus: Record<string, ActionKey[]> = { promised: ['given', 'withdraw'], taken: ['available'], available: ['given'] };
  // A want is never promised or given (docs/decisions/023-offers-and-wants.md): only renewing is left.
  return [...(item.type === 'want' ? [] : (byStatus[item.status] ?? [])), ...(isRenewDue(item) ? (['renew'] as const) : [])];
}

/** Runs one change at a time; `pending` says which is on its way (its button shows a spinner). */
function useItemActions(itemId: number) {
  const t = useT();
  const update = useUpdateItem(itemId);
  const [pending, setPending] = useState<ActionKey | null>(null);
  const run = (key: ActionKey) => {
    setPending(key);
    update.mutate(ACTIONS[key].body, {
      onSuccess: () => toast({ title: t('items.toast.success'), description: t(ACTIONS[key].done) }),
      onError: (error) => toast({ variant: 'destructive', title: t('items.toast.error'), description: getErrorMessage(error) }),
      onSettled: () => setPending(null),
    });
  };
  return { run, pending, busy: update.isPending };
}

/** Where the item stands, in a sentence for the owner. */
function OwnerStatusNote({ item }: { item: ItemDetail }) {
  const t = useT();
  if (item.status === 'promised' && item.promisedTo) {
    return (
      <p className="text-sm">
        <T
          id="items.owner.promisedTo"
          values={{ username: item.promisedTo.username }}
          components={{ 0: <span className="font-semibold" /> }}
        />
      </p>
    );
  }
  if (item.status === 'taken' && item.promisedTo) {
    return (
      <p className="text-sm">
        <T
          id="items.owner.givenTo"
          values={{ username: item.promisedTo.username }}
          components={{ 0: <span className="font-semibold" /> }}
        />
      </p>
    );
  }
  if (item.status === 'available' && item.type !== 'want') {
    return <p className="text-sm text-muted-foreground">{t('items.owner.promiseHint')}</p>;
  }
  return null;
}

/** Delete, after the confirmation dialog; a deleted item's page goes home. */
function DeleteItemButton({ item, disabled }: { item: ItemDetail; disabled: boolean }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Once asked for, the dialog stays mounted (closed) so that it can animate out.
  const [deleteAsked, setDeleteAsked] = useState(false);
  const deleteButtonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={deleteButtonRef}
        variant="destructive"
        disabled={disabled}
        onPointerEnter={() => void loadDeleteDialog()}
        onFocus={() => void loadDeleteDialog()}
        onClick={() => {
          setDeleteAsked(true);
          setConfirmDelete(true);
        }}
      >
        <Trash2 aria-hidden="true" />
        {t('items.owner.delete')}
      </Button>
      {deleteAsked ? (
        <Suspense fallback={null}>
          <DeleteItemDialog
            item={confirmDelete ? item : null}
            returnFocusRef={deleteButtonRef}
            onClose={() => setConfirmDelete(false)}
            onDeleted={() => navigate('/')}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** 'Manage this item', for its owner or an admin: its state, the changes it allows, Delete. */
export function ItemOwnerActions({ item }: { item: ItemDetail }) {
  const t = useT();
  const { run, pending, busy } = useItemActions(item.id);
  return (
    <section aria-labelledby="manage-heading" className="grid gap-3 rounded-card border border-border bg-card p-4 shadow-sm">
      <h2 id="manage-heading" className="text-sm font-semibold text-muted-foreground">
        {t('items.owner.heading')}
        {item.expiresAt ? (
          <span className="font-normal">
            {' '}
            {t(item.status === 'expired' ? 'items.owner.expiredOn' : 'items.owner.listedUntil', {
              date: formatShortDate(item.expiresAt),
            })}
          </span>
        ) : null}
      </h2>
      <OwnerStatusNote item={item} />
      <div className="flex flex-wrap gap-2">
        <Link href={`/items/${item.id}/edit`} className={buttonVariants({ variant: 'outline' })}>
          <Pencil aria-hidden="true" />
          {t('items.owner.edit')}
        </Link>
        {actionsFor(item).map((key) => {
          const { label, icon: Icon } = ACTIONS[key];
          return (
            <Button key={key} variant="outline" disabled={busy} aria-busy={pending === key} onClick={() => run(key)}>
              {pending === key ? <Spinner /> : <Icon aria-hidden="true" />}
              {t(label)}
            </Button>
          );
        })}
        <DeleteItemButton item={item} disabled={busy} />
      </div>
    </section>
  );
}
