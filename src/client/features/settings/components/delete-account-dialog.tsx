import { TriangleAlert, UserX } from 'lucide-react';
import { useDeleteAccount } from '../api';
import { PasswordConfirmDialog } from './password-confirm-dialog';

const DELETE = 'Delete my account';

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
  const remove = useDeleteAccount();
  return (
    <PasswordConfirmDialog
      trigger={
        <>
          <UserX aria-hidden="true" />
          {DELETE}
        </>
      }
      triggerVariant="destructive"
      username={username}
      id="delete-account"
      icon={<TriangleAlert className="size-5 shrink-0 text-danger-text" aria-hidden="true" />}
      title="Delete your account?"
      description="Your account goes at once, together with your items and their photos, your notes, messages, payment links and sessions. This cannot be undone."
      confirmLabel={DELETE}
      pending={remove.isPending}
      onConfirm={async (password) => {
        await remove.mutateAsync(password);
        onDeleted();
      }}
    />
  );
}
