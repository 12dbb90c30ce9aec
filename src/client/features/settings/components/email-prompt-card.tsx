import { MailPlus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useDismissEmailPrompt, useEmailState } from '../email-api';

/**
 * /home, for an account that never had an e-mail address: a card suggesting one (notifications, a
 * way back in). Once dismissed, or once an address is added, it is gone for good (stored on the account).
 * Nothing is shown while the state loads or when it cannot be loaded: the card is a suggestion.
 */
export function EmailPromptCard() {
  const t = useT();
  const state = useEmailState();
  const dismiss = useDismissEmailPrompt();
  if (!state.data?.showPrompt) return null;

  const onDismiss = () =>
    dismiss.mutate(undefined, {
      onError: (error) => toast({ variant: 'destructive', title: t('email.prompt.dismissFailed'), description: getErrorMessage(error) }),
    });

  return (
    <Card className="border-primary/30 bg-primary-soft/40">
      <CardContent className="flex items-start gap-3 p-4 sm:p-5">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-foreground">
          <MailPlus className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 flex-1 gap-3">
          <div className="grid gap-1">
            <h2 className="font-semibold text-balance">{t('email.prompt.title')}</h2>
            <p className="text-sm text-pretty text-muted-foreground">{t('email.prompt.text')}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link href="/settings#email">{t('email.prompt.add')}</Link>
            </Button>
            <Button size="sm" variant="ghost" onClick={onDismiss} disabled={dismiss.isPending} aria-busy={dismiss.isPending}>
              {t('email.prompt.dismiss')}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
