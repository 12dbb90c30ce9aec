import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './request';

/**
 * docs/product.md, Constants: no automatic retry, no refetch on focus or interval, data never stale.
 * Offline (docs/product.md, Installable app and offline) nothing waits for the network to return:
 * reads are tried at once, since the service worker may answer them from the device
 * ('offlineFirst'), and writes are tried at once and fail with "not sent" ('always'), where
 * TanStack Query's default would pause them and send them later without a word.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: false,
        networkMode: 'always',
      },
    },
  });
}

export const queryClient = createQueryClient();
