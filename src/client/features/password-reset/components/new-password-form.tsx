import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { CODE_LENGTH } from '../../../../shared/constants.js';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { useRequestReset, useResetPassword } from '../api';
import { newPasswordFormSchema, RESET_TOASTS } from '../lib/reset-texts';
import { requestCodeCallbacks } from './request-code-form';

type NewPasswordFormProps = {
  username: string;
  /** Back to step 1 to type another username. */
  onChangeUsername: () => void;
};

/** Step 2: the code from the SMS and a new password, then 'Reset Password' and on to /auth. */
export function NewPasswordForm({ username, onChangeUsername }: NewPasswordFormProps) {
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const resend = useRequestReset();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { code: '', newPassword: '' },
  });

  // The step appears after a click: the code is what the user types next.
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(({ code, newPassword }) => {
    reset.mutate(
      { username, code, newPassword },
      {
        onSuccess: () => {
          toast({ title: RESET_TOASTS.doneTitle, description: RESET_TOASTS.done });
          navigate('/auth');
        },
        onError: (error) => toast({ variant: 'destructive', title: RESET_TOASTS.resetFailed, description: getErrorMessage(error) }),
      },
    );
  });

  return (
    <div className="grid gap-5">
      <p className="rounded-lg bg-primary-soft px-3 py-2 text-sm text-primary-soft-foreground">
        If <span className="font-semibold break-all">{username}</span> has a phone number, a {CODE_LENGTH}-digit code is on its way by SMS.
        It is valid for 10 minutes.
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
        {/* Password managers file the new password under this account. */}
        <input type="hidden" name="username" autoComplete="username" value={username} readOnly />
        <TextField
          id="reset-code"
          label="Verification Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          className="tracking-[0.3em]"
          error={errors.code?.message}
          {...register('code')}
        />
        <TextField
          id="reset-new-password"
          label="New Password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <Button type="submit" className="w-full" disabled={reset.isPending} aria-busy={reset.isPending}>
          {reset.isPending ? <Spinner /> : <KeyRound aria-hidden="true" />}
          Reset Password
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
          Send a new code
        </Button>
        <span aria-hidden="true" className="hidden text-muted-foreground sm:inline">
          ·
        </span>
        <Button variant="link" className="px-2" onClick={onChangeUsername}>
          Use a different username
        </Button>
      </div>
    </div>
  );
}
