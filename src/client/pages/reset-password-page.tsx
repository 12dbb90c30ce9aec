import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PasswordResetFlow } from '@/features/password-reset/components/password-reset-flow';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /reset-password (public): two steps, then back to /auth (docs/product.md, Pages). */
export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  return (
    <div className="mx-auto grid w-full max-w-md gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-balance">Reset Password</h1>
        <p className="mt-2 text-pretty text-muted-foreground">Forgot your password? Get back in with a code sent to your phone.</p>
      </div>
      <Card>
        <CardContent>
          <PasswordResetFlow />
        </CardContent>
      </Card>
      <Button asChild variant="outline" className="w-full">
        <Link href="/auth">
          <ArrowLeft aria-hidden="true" />
          Back to Login
        </Link>
      </Button>
    </div>
  );
}
