import { ArrowLeft, ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { AdminDashboard } from '@/features/admin/components/admin-dashboard';
import { useAuth } from '@/features/auth/auth-provider';
import * as adminPolicy from '#shared/policies/admin.js';
import { FailedDeliveries } from '@/features/notifications/components/failed-deliveries';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin (admins only): the dashboard of docs/product.md, Pages. Checks the viewer itself, not only the route. */
export function AdminPage() {
  const t = useT();
  useDocumentTitle(t('admin.page.title'));
  const { user, isLoading } = useAuth();

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <Button asChild variant="ghost" className="-ml-3">
          <Link href="/">
            <ArrowLeft aria-hidden="true" />
            {t('admin.page.back')}
          </Link>
        </Button>
      </div>
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-balance">{t('admin.page.title')}</h1>
        <p className="mt-1 text-pretty text-muted-foreground">{t('admin.page.intro')}</p>
      </div>
      {isLoading ? (
        <PageSpinner label={t('admin.page.checking')} />
      ) : adminPolicy.enter(user ?? null) ? (
        <>
          <AdminDashboard actor={user ?? null} />
          <FailedDeliveries />
        </>
      ) : (
        <p role="alert" className="flex items-center gap-3 rounded-card border border-border bg-card px-4 py-6 text-lg">
          <ShieldAlert className="size-6 shrink-0 text-danger-text" aria-hidden="true" />
          {t('admin.page.noAccess')}
        </p>
      )}
    </div>
  );
}
