// The dashboard's toasts (docs/product.md, Messages): a title on success, 'Error' with the server's message
// on any failed admin action.
import type { MessageId } from '#shared/i18n.js';
import { toast } from '@/components/ui/use-toast';
import { translate } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';

export const ADMIN_TOASTS = {
  userDeleted: 'admin.toasts.userDeleted',
  noteDeleted: 'admin.toasts.noteDeleted',
  verificationUpdated: 'admin.toasts.verificationUpdated',
  resolved: 'admin.toasts.resolved',
  vendorAdded: 'admin.toasts.vendorAdded',
  vendorActivated: 'admin.toasts.vendorActivated',
  vendorDeactivated: 'admin.toasts.vendorDeactivated',
  reportDismissed: 'admin.toasts.reportDismissed',
  itemDeleted: 'admin.toasts.itemDeleted',
  answered: 'admin.toasts.answered',
} as const satisfies Record<string, MessageId>;

export type AdminToast = (typeof ADMIN_TOASTS)[keyof typeof ADMIN_TOASTS];

/** A success toast: its title in the page's language, and a description already in words. */
export function notifySuccess(title: AdminToast, description?: string): void {
  toast({ title: translate(title), description });
}

export function notifyError(error: unknown): void {
  toast({ variant: 'destructive', title: translate('admin.toasts.error'), description: getErrorMessage(error) });
}
