import type { RefObject } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import type { MessageId } from '#shared/i18n.js';
import { useDeleteItem } from '../api';

// The dialog opens on /browse too, which has only the `core` bundle of the catalogues: its texts are in section `core`.
export const DELETE_TEXTS = {
  title: 'core.deleteItem.title',
  description: 'core.deleteItem.description',
  successTitle: 'core.deleteItem.successTitle',
  success: 'core.deleteItem.success',
  errorTitle: 'core.deleteItem.errorTitle',
  errorFallback: 'core.deleteItem.errorFallback',
} as const satisfies Record<string, MessageId>;

type DeleteItemDialogProps = {
  /** The item to delete; null keeps the dialog closed. */
  item: { id: number; title: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
  /** Where focus goes when the dialog closes (the button that opened it). */
  returnFocusRef: RefObject<HTMLElement | null>;
};

/** The delete confirmation (docs/product.md, Pages, Item detail): Cancel or Delete. */
export function DeleteItemDialog({ item, onClose, onDeleted, returnFocusRef }: DeleteItemDialogProps) {
  const t = useT();
  const deleteItem = useDeleteItem();

  const onConfirm = () => {
    if (!item) return;
    deleteItem.mutate(item.id, {
      onSuccess: () => {
        onClose();
        toast({ title: t(DELETE_TEXTS.successTitle), description: t(DELETE_TEXTS.success) });
        onDeleted?.();
      },
      onError: (error) => {
        onClose();
        toast({
          variant: 'destructive',
          title: t(DELETE_TEXTS.errorTitle),
          description: getErrorMessage(error, t(DELETE_TEXTS.errorFallback)),
        });
      },
    });
  };

  return (
    <ConfirmDialog
      open={item !== null}
      title={t(DELETE_TEXTS.title)}
      description={t(DELETE_TEXTS.description)}
      pending={deleteItem.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
      // Back to the button that opened the dialog, or to the page when that is gone (deleted).
      returnFocusRef={returnFocusRef}
    />
  );
}
