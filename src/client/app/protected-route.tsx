import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-provider';
import { useT } from '@/lib/i18n';
import * as adminPolicy from '#shared/policies/admin.js';

type ProtectedRouteProps = {
  children: ReactNode;
  /** Only admins may pass; other signed-in users go to /home. */
  adminOnly?: boolean;
};

/** docs/product.md, Pages: spinner while the session loads, /auth when signed out (coming back here after signing in), /home for non-admins. */
export function ProtectedRoute({ children, adminOnly = false }: ProtectedRouteProps) {
  const { user, isLoading } = useAuth();
  const t = useT();
  const [path] = useLocation();
  const search = useSearch();
  if (isLoading) return <PageSpinner label={t('core.nav.checkingSession')} />;
  // The way back is checked where it is followed (src/shared/next-path.ts), not here: the first load stays small.
  if (!user) {
    const here = search ? `${path}?${search}` : path;
    return <Redirect to={here === '/home' ? '/auth' : `/auth?next=${encodeURIComponent(here)}`} replace />;
  }
  if (adminOnly && !adminPolicy.enter(user)) return <Redirect to="/home" replace />;
  return children;
}
