import { LogIn, Settings } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth/auth-provider';
import { PublicSearch } from '@/features/search/components/public-search';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /search (public): 'Find Payment Links' (docs/product.md, Pages). */
export function SearchPage() {
  const t = useT();
  useDocumentTitle(t('search.page.title'));
  const { user, isLoading } = useAuth();

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-balance">{t('search.page.heading')}</h1>
          <p className="mt-1 max-w-2xl text-pretty text-muted-foreground">{t('search.page.intro')}</p>
        </div>
        {isLoading ? null : user ? (
          <Button asChild variant="outline">
            <Link href="/settings">
              <Settings aria-hidden="true" />
              {t('search.page.managePaymentLinks')}
            </Link>
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link href="/auth">
              <LogIn aria-hidden="true" />
              {t('search.page.signIn')}
            </Link>
          </Button>
        )}
      </div>
      <PublicSearch />
    </div>
  );
}
