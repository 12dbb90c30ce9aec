import { Inbox, LifeBuoy, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SupportRequestForm } from '@/features/support/components/support-request-form';
import { SupportRequestList } from '@/features/support/components/support-request-list';
import { ModerationNotices } from '@/features/support/components/moderation-notices';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

function Panel({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="p-4 pb-0 sm:p-6 sm:pb-0">
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="p-4 sm:p-6">{children}</CardContent>
    </Card>
  );
}

/** /help (signed in): send a support request and follow the ones sent. */
export function HelpPage() {
  const t = useT();
  useDocumentTitle(t('pages.help.title'));
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('pages.help.heading')}</h1>
        <p className="mt-1 text-pretty text-muted-foreground">{t('pages.help.intro')}</p>
      </div>
      <ModerationNotices />
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <Panel icon={LifeBuoy} title={t('pages.help.newRequest')}>
          <SupportRequestForm />
        </Panel>
        <Panel icon={Inbox} title={t('pages.help.yourRequests')}>
          <SupportRequestList />
        </Panel>
      </div>
    </div>
  );
}
