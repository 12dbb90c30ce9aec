import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '#shared/items.js';

const CLIENT_CONFIG_QUERY_KEY = ['/api/config'] as const;

/** Public run-time settings (map tiles, public URL); fetched once per visit. */
export function useClientConfig() {
  return useQuery<ClientConfig>({ queryKey: CLIENT_CONFIG_QUERY_KEY, staleTime: Infinity, gcTime: Infinity });
}
