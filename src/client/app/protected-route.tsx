import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-provider';
import { useT } from '@/lib/i18n';

type ProtectedRouteProps = {
  children: ReactNode;
  /** Only admins may pass; other signed-in users go to /home. */
  adminOnly?: boolean;
};

/** docs/product.md, Pages: spinner while the session loads, /auth when signed out, /home for non-admins. */
export function ProtectedRoute({ children, adminOnly = false }: ProtectedRouteProps) {
  const { user, isLoading } = useAuth();
  const t = useT();
  if (isLoading) return <PageSpinner label={t('core.nav.checkingSession')} />;
  if (!user) return <Redirect to="/auth" replace />;
  if (adminOnly && !user.isAdmin) return <Redirect to="/home" replace />;
  return children;
}
