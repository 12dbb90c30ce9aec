// Renders a component as the app does (src/client/app/providers.tsx and main.tsx): a QueryClient
// with the app's defaults, the session from the query cache, wouter's router (here on a memory
// location) and the toasts. The network edge is `fetch`: `serveApi` answers it with JSON per route.
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SessionUser } from '#shared/auth.js';
import { AccountDistanceUnit } from '@/app/providers';
import { Toaster } from '@/components/ui/toaster';
import { dismiss } from '@/components/ui/use-toast';
import { USER_QUERY_KEY } from '@/features/auth/api';
import { AuthProvider } from '@/features/auth/auth-provider';
import { LanguageProvider } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

type RenderOptions = {
  /**
   * The session: a user, or null when signed out (as GET /api/user would answer); 'unknown': not
   * known yet, GET /api/user (served by the test) still to answer.
   */
  user?: SessionUser | null | 'unknown';
  /** The page the router starts on. */
  path?: string;
};

export function renderApp(ui: ReactElement, { user = null, path = '/home' }: RenderOptions = {}) {
  // The toast store lives in a module, as in the app: start each test without the last one's toast.
  dismiss();
  const queryClient = createQueryClient();
  if (user !== 'unknown') queryClient.setQueryData(USER_QUERY_KEY, user);
  const location = memoryLocation({ path, record: true });
  const result = render(
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AccountDistanceUnit>
            <Router hook={location.hook}>{ui}</Router>
          </AccountDistanceUnit>
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </LanguageProvider>,
  );
  return { ...result, queryClient, location, user: userEvent.setup() };
}

/** One request that reached the network edge. */
export type ApiCall = { method: string; url: string; body: BodyInit | null | undefined };

type Route = (call: ApiCall) => unknown;

/**
 * Stubs `fetch` with answers per 'METHOD /path' (JSON, status 200, the body or a promise of it); any other request gets a 404
 * with a `{ message }`, as the server would, and is recorded like the rest for the test to check.
 */
export function serveApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetchStub = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = { method: init?.method ?? 'GET', url, body: init?.body };
    calls.push(call);
    const route = routes[`${call.method} ${url.split('?')[0]}`];
    if (!route) return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    // A route may answer later: a promise of the body.
    return Promise.resolve(route(call)).then((body) => Response.json(body));
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls };
}
