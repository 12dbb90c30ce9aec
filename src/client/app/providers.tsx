import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useToast } from '@/components/ui/use-toast';
import { AuthProvider } from '@/features/auth/auth-provider';
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

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AccountLanguage />
        {children}
        <DeferredToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
}
