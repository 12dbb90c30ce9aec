import type { RefObject } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { useDeleteItem } from '../api';

export const DELETE_TEXTS = {
  title: 'Delete Item',
  description: 'This action cannot be undone. This will permanently delete this item and remove it from our servers.',
  successTitle: 'Success',
  success: 'Item has been deleted successfully',
  errorTitle: 'Error',
  errorFallback: 'Failed to delete the item',
} as const;

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
  const deleteItem = useDeleteItem();

  const onConfirm = () => {
    if (!item) return;
    deleteItem.mutate(item.id, {
      onSuccess: () => {
        onClose();
        toast({ title: DELETE_TEXTS.successTitle, description: DELETE_TEXTS.success });
        onDeleted?.();
      },
      onError: (error) => {
        onClose();
        toast({
          variant: 'destructive',
          title: DELETE_TEXTS.errorTitle,
          description: getErrorMessage(error, DELETE_TEXTS.errorFallback),
        });
      },
    });
  };

  return (
    <ConfirmDialog
      open={item !== null}
      title={DELETE_TEXTS.title}
      description={DELETE_TEXTS.description}
      pending={deleteItem.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
      // Back to the button that opened the dialog, or to the page when that is gone (deleted).
      returnFocusRef={returnFocusRef}
    />
  );
}
