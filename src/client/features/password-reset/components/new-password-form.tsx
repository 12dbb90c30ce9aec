import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { CODE_LENGTH } from '#shared/constants.js';
import { Button } from '@/components/ui/button';
import { fieldOf, PasswordField, TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { T, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useRequestReset, useResetPassword } from '../api';
import { newPasswordFormSchema, RESET_TOASTS } from '../lib/reset-texts';
import { requestCodeCallbacks } from './request-code-form';

type NewPasswordFormProps = {
  username: string;
  /** Back to step 1 to type another username. */
  onChangeUsername: () => void;
};

/** Step 2: the code from the e-mail or SMS and a new password, then 'Reset Password' and on to /auth. */
export function NewPasswordForm({ username, onChangeUsername }: NewPasswordFormProps) {
  const t = useT();
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const resend = useRequestReset();
  const form = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { code: '', newPassword: '' },
  });
  const { handleSubmit, setFocus } = form;

  // The step appears after a click: the code is what the user types next.
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(({ code, newPassword }) => {
    reset.mutate(
      { username, code, newPassword },
      {
        onSuccess: () => {
          toast({ title: t(RESET_TOASTS.doneTitle), description: t(RESET_TOASTS.done) });
          navigate('/auth');
        },
        onError: (error) => toast({ variant: 'destructive', title: t(RESET_TOASTS.resetFailed), description: getErrorMessage(error) }),
      },
    );
  });

  return (
    <div className="grid gap-5">
      <p className="rounded-lg bg-primary-soft px-3 py-2 text-sm text-primary-soft-foreground">
        <T id="reset.newPassword.codeOnItsWay" values={{ username }} components={{ 0: <span className="font-semibold break-all" /> }} />
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
        {/* Password managers file the new password under this account. */}
        <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
        <TextField
          id="reset-code"
          label={t('reset.newPassword.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          className="tracking-[0.3em]"
          {...fieldOf(form, 'code')}
        />
        <PasswordField
          id="reset-new-password"
          label={t('reset.newPassword.newPassword')}
          autoComplete="new-password"
          {...fieldOf(form, 'newPassword')}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending} aria-busy={reset.isPending}>
          {reset.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
          {t('reset.newPassword.submit')}
        </Button>
      </form>
      <div className="flex flex-col items-center justify-center sm:flex-row sm:gap-x-2">
        <Button
          variant="link"
          className="px-2"
          disabled={resend.isPending}
          aria-busy={resend.isPending}
          onClick={() =>
            resend.mutate(
              username,
              requestCodeCallbacks(() => setFocus('code')),
            )
          }
        >
          {resend.isPending ? <Spinner /> : null}
          {t('reset.newPassword.sendNewCode')}
        </Button>
        <span aria-hidden="true" className="hidden text-muted-foreground sm:inline">
          ·
        </span>
        <Button variant="link" className="px-2" onClick={onChangeUsername}>
          {t('reset.newPassword.otherUsername')}
        </Button>
      </div>
    </div>
  );
}
