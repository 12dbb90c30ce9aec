import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { PEOPLE_MSG } from '../../../../shared/people.js';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/request';
import { useChangePassword } from '../api';
import { changePasswordFormSchema } from '../lib/settings-schemas';
import { SettingsSection } from './settings-section';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one, then the new one twice. The session stays signed in. */
export function PasswordSection({ username }: { username: string }) {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast({ title: 'Password changed', description: 'Use your new password next time you sign in.' });
        },
        onError: (error) => {
          const message = getErrorMessage(error);
          if (message === PEOPLE_MSG.currentPasswordWrong) {
            setError('currentPassword', { message }, { shouldFocus: true });
          }
          toast({ variant: 'destructive', title: 'Could not change your password', description: message });
        },
      },
    );
  });

  return (
    <SettingsSection icon={KeyRound} title="Change password">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <TextField
          id="settings-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="settings-new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            id="settings-confirm-password"
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
        </div>
        <div>
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending ? <Spinner /> : null}
            Change password
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
