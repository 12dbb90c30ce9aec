import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert, UserX } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { deleteAccountBodySchema, PEOPLE_MSG } from '../../../../shared/people.js';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { getErrorMessage } from '@/lib/request';
import { useDeleteAccount } from '../api';

const DELETE = 'Delete my account';
const FORM_ID = 'delete-account-form';
const FORM_ERROR_ID = 'delete-account-form-error';

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
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm({ resolver: zodResolver(deleteAccountBodySchema), defaultValues: { password: '' } });

  const onClose = () => {
    setOpen(false);
    reset();
    setFormError(null);
  };

  const onSubmit = handleSubmit(({ password }) => {
    setFormError(null);
    remove.mutate(password, {
      onSuccess: onDeleted,
      onError: (error) => {
        const message = getErrorMessage(error);
        // A wrong password belongs to its field; anything else (e.g. admins cannot be deleted) to the form.
        if (message === PEOPLE_MSG.currentPasswordWrong) setError('password', { message }, { shouldFocus: true });
        else setFormError(message);
      },
    });
  });

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <UserX aria-hidden="true" />
        {DELETE}
      </Button>
      <ConfirmDialog
        open={open}
        icon={<TriangleAlert className="size-5 shrink-0 text-danger-text" aria-hidden="true" />}
        title="Delete your account?"
        description="Your account goes at once, together with your items and their photos, your notes, messages, payment links and sessions. This cannot be undone."
        confirmLabel={DELETE}
        pending={remove.isPending}
        formId={FORM_ID}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          setFocus('password');
        }}
        onClose={onClose}
      >
        <form id={FORM_ID} noValidate onSubmit={onSubmit} className="grid gap-4" aria-describedby={formError ? FORM_ERROR_ID : undefined}>
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <TextField
            id="delete-account-password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password')}
          />
          {formError ? (
            <p id={FORM_ERROR_ID} role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger-text dark:bg-red-950/60">
              {formError}
            </p>
          ) : null}
        </form>
      </ConfirmDialog>
    </>
  );
}
