import { BellOff, CircleAlert } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUnsubscribe } from '@/features/settings/email-api';
import { EmailLinkCard } from '@/features/settings/components/email-link-card';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /unsubscribe?token=... (public), the link in a notification's footer: a button, so a mail
 * scanner that opens links unsubscribes nobody. Mail programs use the one-click POST instead.
 */
export function UnsubscribePage() {
  const t = useT();
  useDocumentTitle(t('email.unsubscribe.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();

  if (unsubscribe.isSuccess) {
    return (
      <EmailLinkCard
        icon={BellOff}
        tone="success"
        title={t('email.unsubscribe.doneTitle')}
        actions={
          <Button asChild variant="outline">
            <Link href="/">{t('email.unsubscribe.home')}</Link>
          </Button>
        }
      >
        {unsubscribe.data.message}
      </EmailLinkCard>
    );
  }
  return (
    <EmailLinkCard
      icon={unsubscribe.isError ? CircleAlert : BellOff}
      tone={unsubscribe.isError ? 'danger' : 'default'}
      title={t('email.unsubscribe.title')}
      actions={
        <Button onClick={() => unsubscribe.mutate(token)} disabled={unsubscribe.isPending} aria-busy={unsubscribe.isPending}>
          {unsubscribe.isPending ? <Spinner /> : <BellOff aria-hidden="true" />}
          {t('email.unsubscribe.confirm')}
        </Button>
      }
    >
      {unsubscribe.isError ? getErrorMessage(unsubscribe.error) : t('email.unsubscribe.text')}
    </EmailLinkCard>
  );
}
