import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { TOASTS } from '../../../../shared/messages.js';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { lazyResolver } from '@/lib/lazy-resolver';
import { getErrorMessage } from '@/lib/request';
import { useRegister } from '../api';

const validation = lazyResolver(() => import('../auth-resolvers').then((m) => m.registerResolver));

export function RegisterForm() {
  const [, navigate] = useLocation();
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: validation.resolver,
    defaultValues: { username: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ username, password }) => {
    registration.mutate(
      { username, password },
      {
        onSuccess: () => navigate('/home'),
        onError: (error) => toast({ variant: 'destructive', title: TOASTS.registrationFailed, description: getErrorMessage(error) }),
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} onFocus={validation.prefetch} noValidate className="grid gap-5">
      <TextField
        id="register-username"
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        id="register-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={registration.isPending} aria-busy={registration.isPending}>
        {registration.isPending ? <Spinner /> : null}
        Register
      </Button>
    </form>
  );
}
