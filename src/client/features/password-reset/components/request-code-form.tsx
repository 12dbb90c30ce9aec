import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fieldOf, UsernameField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { translate, useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useRequestReset } from '../api';
import { RESET_TOASTS, requestCodeFormSchema } from '../lib/reset-texts';

/** Toasts the outcome of a code request; shared by step 1 and "Send a new code". */
export function requestCodeCallbacks(onSent: () => void) {
  return {
    onSuccess: () => {
      toast({ title: translate(RESET_TOASTS.codeSentTitle), description: translate(RESET_TOASTS.codeSent) });
      onSent();
    },
    onError: (error: unknown) =>
      toast({ variant: 'destructive', title: translate(RESET_TOASTS.requestFailed), description: getErrorMessage(error) }),
  };
}

/** Step 1: the username, then 'Request Verification Code'. */
export function RequestCodeForm({ defaultUsername, onSent }: { defaultUsername: string; onSent: (username: string) => void }) {
  const t = useT();
  const request = useRequestReset();
  const form = useForm({
    resolver: zodResolver(requestCodeFormSchema),
    defaultValues: { username: defaultUsername },
  });

  const onSubmit = form.handleSubmit(({ username }) => {
    request.mutate(
      username,
      requestCodeCallbacks(() => onSent(username)),
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
      <UsernameField id="reset-username" label={t('reset.request.username')} {...fieldOf(form, 'username')} />
      <Button type="submit" className="w-full" disabled={request.isPending} aria-busy={request.isPending}>
        {request.isPending ? <Spinner /> : <Send aria-hidden="true" />}
        {t('reset.request.submit')}
      </Button>
    </form>
  );
}
