import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { deleteAccountBodySchema, PEOPLE_MSG } from '#shared/people.js';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { fieldOf, PasswordField } from '@/components/ui/form-field';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';

type PasswordConfirmDialogProps = {
  /** The button that opens the dialog: its content and look. */
  trigger: ReactNode;
  triggerVariant: 'destructive' | 'outline';
  /** For password managers: the account the password belongs to. */
  username: string;
  /** Ids of the dialog's form and of its error line: unique on the page. */
  id: string;
  icon?: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** Runs the action with the typed password: resolves when it is done, rejects with the server's refusal. */
  onConfirm: (password: string) => Promise<unknown>;
};

/**
 * A change a borrowed, signed-in browser must not make alone: a button opening a dialog that asks
 * for the password again. A wrong password is shown at its field, any other refusal in the dialog,
 * which stays open; done, it closes.
 */
export function PasswordConfirmDialog({
  trigger,
  triggerVariant,
  username,
  id,
  icon,
  title,
  description,
  confirmLabel,
  pending,
  onConfirm,
}: PasswordConfirmDialogProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(deleteAccountBodySchema), defaultValues: { password: '' } });
  const { handleSubmit, reset, setError, setFocus } = form;
  const formId = `${id}-form`;
  const errorId = `${id}-form-error`;

  const onClose = () => {
    setOpen(false);
    reset();
    setFormError(null);
  };

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await onConfirm(password);
      onClose();
    } catch (error) {
      const message = getErrorMessage(error);
      if (message === t(PEOPLE_MSG.currentPasswordWrong)) setError('password', { message }, { shouldFocus: true });
      else setFormError(message);
    }
  });

  return (
    <>
      <Button variant={triggerVariant} onClick={() => setOpen(true)}>
        {trigger}
      </Button>
      <ConfirmDialog
        open={open}
        icon={icon}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        pending={pending}
        formId={formId}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          setFocus('password');
        }}
        onClose={onClose}
      >
        <form
          id={formId}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="grid gap-4"
          aria-describedby={formError ? errorId : undefined}
        >
          <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
          <PasswordField
            id={`${id}-password`}
            label={t('settings.dialog.currentPassword')}
            autoComplete="current-password"
            {...fieldOf(form, 'password')}
          />
          {formError ? (
            <p id={errorId} role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-danger-text dark:bg-red-950/60">
              {formError}
            </p>
          ) : null}
        </form>
      </ConfirmDialog>
    </>
  );
}
