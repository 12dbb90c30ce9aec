import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { TOASTS } from '#shared/messages.js';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { fieldOf, PasswordField, UsernameField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { lazyResolver } from '@/lib/lazy-resolver';
import { getErrorMessage } from '@/lib/request';
import { useLogin } from '../api';
import { useReturnPath } from '../return-path';

const validation = lazyResolver(() => import('../auth-resolvers').then((m) => m.loginResolver));

export function LoginForm() {
  const t = useT();
  const [, navigate] = useLocation();
  const returnPath = useReturnPath();
  const login = useLogin();
  const form = useForm({
    resolver: validation.resolver,
    defaultValues: { username: '', password: '', rememberMe: false },
  });
  const { control, handleSubmit } = form;

  const onSubmit = handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: () => navigate(returnPath),
      onError: (error) => toast({ variant: 'destructive', title: t(TOASTS.loginFailed), description: getErrorMessage(error) }),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={validation.prefetch} noValidate className="grid gap-5">
      <UsernameField id="login-username" label={t('auth.login.username')} {...fieldOf(form, 'username')} />
      <PasswordField id="login-password" label={t('auth.login.password')} autoComplete="current-password" {...fieldOf(form, 'password')} />
      <div className="flex min-h-11 items-center gap-3">
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => (
            <Checkbox
              id="login-remember-me"
              name={field.name}
              ref={field.ref}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Label htmlFor="login-remember-me" className="cursor-pointer py-3">
          {t('auth.login.rememberMe')}
        </Label>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending} aria-busy={login.isPending}>
        {login.isPending ? <Spinner /> : null}
        {t('auth.login.submit')}
      </Button>
      <p className="text-center text-sm">
        <Link
          href="/reset-password"
          className="inline-flex min-h-11 items-center px-2 font-medium text-link underline underline-offset-4 hover:no-underline"
        >
          {t('auth.login.forgotPassword')}
        </Link>
      </p>
    </form>
  );
}
