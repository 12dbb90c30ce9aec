import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { TOASTS } from '../../../../shared/messages.js';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { lazyResolver } from '@/lib/lazy-resolver';
import { getErrorMessage } from '@/lib/request';
import { useLogin } from '../api';

const validation = lazyResolver(() => import('../auth-resolvers').then((m) => m.loginResolver));

export function LoginForm() {
  const [, navigate] = useLocation();
  const login = useLogin();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: validation.resolver,
    defaultValues: { username: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: () => navigate('/home'),
      onError: (error) => toast({ variant: 'destructive', title: TOASTS.loginFailed, description: getErrorMessage(error) }),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={validation.prefetch} noValidate className="grid gap-5">
      <TextField
        id="login-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
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
          Remember me
        </Label>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending} aria-busy={login.isPending}>
        {login.isPending ? <Spinner /> : null}
        Login
      </Button>
      <p className="text-center text-sm">
        <Link
          href="/reset-password"
          className="inline-flex min-h-11 items-center px-2 font-medium text-link underline underline-offset-4 hover:no-underline"
        >
          Forgot password?
        </Link>
      </p>
    </form>
  );
}
