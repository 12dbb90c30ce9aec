import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PasswordResetFlow } from '@/features/password-reset/components/password-reset-flow';
import { useT } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /reset-password (public): two steps, then back to /auth (docs/product.md, Pages). */
export function ResetPasswordPage() {
  const t = useT();
  useDocumentTitle(t('reset.page.title'));
  return (
    <div className="mx-auto grid w-full max-w-md gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-balance">{t('reset.page.heading')}</h1>
        <p className="mt-2 text-pretty text-muted-foreground">{t('reset.page.intro')}</p>
      </div>
      <Card>
        <CardContent>
          <PasswordResetFlow />
        </CardContent>
      </Card>
      <Button asChild variant="outline" className="w-full">
        <Link href="/auth">
          <ArrowLeft aria-hidden="true" />
          {t('reset.page.backToLogin')}
        </Link>
      </Button>
    </div>
  );
}
