// The signed-in person's saved alerts (docs/product.md, Saved alerts): GET /api/alerts is cached
// under ALERTS_QUERY_KEY; each change answers with the alert, which replaces its copy in the list.
// They are made by Alert me on the item list (features/items/alert-api.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, UpdateAlertBody } from '#shared/alerts.js';
import { apiJson, apiRequest } from '@/lib/request';

const ALERTS_QUERY_KEY = ['/api/alerts'] as const;

export function useAlerts() {
  return useQuery<Alert[]>({ queryKey: ALERTS_QUERY_KEY });
}

export function useUpdateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateAlertBody }) => apiJson<Alert>('PATCH', `/api/alerts/${id}`, body),
    onSuccess: (alert) => {
      queryClient.setQueryData<Alert[]>(ALERTS_QUERY_KEY, (old) => old?.map((a) => (a.id === alert.id ? alert : a)));
    },
  });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/alerts/${id}`);
    },
    onSuccess: (_, id) => {
      queryClient.setQueryData<Alert[]>(ALERTS_QUERY_KEY, (old) => old?.filter((a) => a.id !== id));
    },
  });
}
