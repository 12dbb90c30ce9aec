import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import type { SessionUser } from '#shared/auth.js';
import type { DistanceUnit } from '#shared/distance-unit.js';
import { useToast } from '@/components/ui/use-toast';
import { USER_QUERY_KEY } from '@/features/auth/api';
import { AuthProvider, useAuth } from '@/features/auth/auth-provider';
import { DistanceUnitProvider } from '@/lib/distance-unit';
import { queryClient } from '@/lib/query-client';
import { AccountLanguage } from './language-picker';

// Radix Toast is loaded with the first toast, not with the first page: most visits never show
// one, and the first load of the public pages has a JavaScript budget (docs/performance.md).
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/** The signed-in account's distance unit for lib/distance-unit.tsx, which knows no feature. */
export function AccountDistanceUnit({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const onChanged = useCallback(
    (distanceUnit: DistanceUnit) =>
      client.setQueryData<SessionUser | null>(USER_QUERY_KEY, (old) => (old ? { ...old, distanceUnit } : old)),
    [client],
  );
  return (
    <DistanceUnitProvider unit={user?.distanceUnit} onChanged={onChanged}>
      {children}
    </DistanceUnitProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AccountLanguage />
        <AccountDistanceUnit>{children}</AccountDistanceUnit>
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
