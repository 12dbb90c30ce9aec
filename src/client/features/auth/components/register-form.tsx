import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { TOASTS } from '#shared/messages.js';
import { Button } from '@/components/ui/button';
import { fieldOf, PasswordField, UsernameField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { lazyResolver } from '@/lib/lazy-resolver';
import { getErrorMessage } from '@/lib/request';
import { useRegister } from '../api';
import { useReturnPath } from '../return-path';

const validation = lazyResolver(() => import('../auth-resolvers').then((m) => m.registerResolver));

export function RegisterForm() {
  const t = useT();
  const [, navigate] = useLocation();
  const returnPath = useReturnPath();
  const registration = useRegister();
  const form = useForm({
    resolver: validation.resolver,
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(({ username, password }) => {
    registration.mutate(
      { username, password },
      {
        onSuccess: () => navigate(returnPath),
        onError: (error) => toast({ variant: 'destructive', title: t(TOASTS.registrationFailed), description: getErrorMessage(error) }),
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={validation.prefetch} noValidate className="grid gap-5">
      <UsernameField id="register-username" label={t('auth.register.username')} {...fieldOf(form, 'username')} />
      <PasswordField
        id="register-password"
        label={t('auth.register.password')}
        autoComplete="new-password"
        {...fieldOf(form, 'password')}
      />
      <PasswordField
        id="register-confirm-password"
        label={t('auth.register.confirmPassword')}
        autoComplete="new-password"
        {...fieldOf(form, 'confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={registration.isPending} aria-busy={registration.isPending}>
        {registration.isPending ? <Spinner /> : null}
        {t('auth.register.submit')}
      </Button>
    </form>
  );
}
