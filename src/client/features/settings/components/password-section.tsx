import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { PEOPLE_MSG } from '#shared/people.js';
import { Button } from '@/components/ui/button';
import { fieldOf, PasswordField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useChangePassword } from '../api';
import { changePasswordFormSchema } from '../lib/settings-schemas';
import { SettingsSection } from './settings-section';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change password: the current one, then the new one twice. The session stays signed in. */
export function PasswordSection({ username }: { username: string }) {
  const t = useT();
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });
  const { handleSubmit, reset, setError } = form;

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast({ title: t('settings.password.changedTitle'), description: t('settings.password.changedText') });
        },
        onError: (error) => {
          const message = getErrorMessage(error);
          if (message === t(PEOPLE_MSG.currentPasswordWrong)) {
            setError('currentPassword', { message }, { shouldFocus: true });
          }
          toast({ variant: 'destructive', title: t('settings.password.failed'), description: message });
        },
      },
    );
  });

  return (
    <SettingsSection icon={KeyRound} title={t('settings.password.title')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordField
          id="settings-current-password"
          label={t('settings.password.current')}
          autoComplete="current-password"
          {...fieldOf(form, 'currentPassword')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            id="settings-new-password"
            label={t('settings.password.new')}
            autoComplete="new-password"
            {...fieldOf(form, 'newPassword')}
          />
          <PasswordField
            id="settings-confirm-password"
            label={t('settings.password.confirm')}
            autoComplete="new-password"
            {...fieldOf(form, 'confirmPassword')}
          />
        </div>
        <div>
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending ? <Spinner /> : null}
            {t('settings.password.submit')}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
