import { CircleQuestionMark } from 'lucide-react';
import { Link } from 'wouter';
import { PageMessage } from '@/components/page-message';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useT } from '@/lib/i18n';

export function NotFoundPage() {
  const t = useT();
  useDocumentTitle(t('core.notFound.title'));
  return (
    <PageMessage
      icon={CircleQuestionMark}
      title={t('core.notFound.heading')}
      actions={
        <Button asChild variant="outline">
          <Link href="/">{t('core.notFound.backHome')}</Link>
        </Button>
      }
    >
      {t('core.notFound.text')}
    </PageMessage>
  );
}
