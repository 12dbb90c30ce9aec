import { CircleAlert, CircleCheck, Inbox } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useVerifyEmail } from '@/features/settings/email-api';
import { EmailLinkCard } from '@/features/settings/components/email-link-card';
import { useT } from '@/lib/i18n';
import { getErrorMessage } from '@/lib/request';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /verify-email?token=... (public: the link may be opened on any device): confirms the address once, on arrival. */
export function VerifyEmailPage() {
  const t = useT();
  useDocumentTitle(t('email.verify.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { mutate, isSuccess, isError, error } = useVerifyEmail();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutate(token);
  }, [mutate, token]);

  const toSettings = (
    <Button asChild variant="outline">
      <Link href="/settings#email">{t('email.verify.toSettings')}</Link>
    </Button>
  );
  if (isSuccess) {
    return (
      <EmailLinkCard icon={CircleCheck} tone="success" title={t('email.verify.doneTitle')} actions={toSettings}>
        {t('email.verify.doneText')}
      </EmailLinkCard>
    );
  }
  if (isError) {
    return (
      <EmailLinkCard icon={CircleAlert} tone="danger" title={t('email.verify.failedTitle')} actions={toSettings}>
        {getErrorMessage(error)}
      </EmailLinkCard>
    );
  }
  return (
    <EmailLinkCard icon={Inbox} tone="default" title={t('email.verify.title')}>
      <span className="inline-flex items-center gap-2">
        <Spinner />
        {t('email.verify.working')}
      </span>
    </EmailLinkCard>
  );
}
