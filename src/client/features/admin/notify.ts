// The dashboard's toasts (docs/product.md, Messages): a title on success, 'Error' with the server's message
// on any failed admin action.
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';

export const ADMIN_TOASTS = {
  userDeleted: 'User deleted successfully',
  noteDeleted: 'Note deleted successfully',
  verificationUpdated: 'User verification status updated',
  resolved: 'Support request marked as resolved',
  vendorAdded: 'Vendor added',
  vendorActivated: 'Vendor activated',
  vendorDeactivated: 'Vendor deactivated',
  reportDismissed: 'Report dismissed',
  itemDeleted: 'Item deleted',
} as const;

export function notifySuccess(title: string, description?: string): void {
  toast({ title, description });
}

export function notifyError(error: unknown): void {
  toast({ variant: 'destructive', title: 'Error', description: getErrorMessage(error) });
}
