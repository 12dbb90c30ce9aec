import { TriangleAlert, UserX } from 'lucide-react';
import { useT } from '@/lib/i18n';
import { useDeleteAccount } from '../api';
import { PasswordConfirmDialog } from './password-confirm-dialog';

type DeleteAccountDialogProps = {
  /** For password managers: the account the password belongs to. */
  username: string;
  /** The account is gone and the server ended the session: the page signs this side out. */
  onDeleted: () => void;
};

/**
 * Self-service deletion: a destructive button opening a dialog that says what goes and asks for
 * the password again. A refusal (wrong password, an admin's account) is shown in the dialog, which
 * stays open.
 */
export function DeleteAccountDialog({ username, onDeleted }: DeleteAccountDialogProps) {
  const t = useT();
  const remove = useDeleteAccount();
  return (
    <PasswordConfirmDialog
      trigger={
        <>
          <UserX aria-hidden="true" />
          {t('settings.deletion.deleteNow')}
        </>
      }
      triggerVariant="destructive"
      username={username}
      id="delete-account"
      icon={<TriangleAlert className="size-5 shrink-0 text-danger-text" aria-hidden="true" />}
      title={t('settings.deletion.deleteTitle')}
      description={t('settings.deletion.deleteDescription')}
      confirmLabel={t('settings.deletion.deleteNow')}
      pending={remove.isPending}
      onConfirm={async (password) => {
        await remove.mutateAsync(password);
        onDeleted();
      }}
    />
  );
}
