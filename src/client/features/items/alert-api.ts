// Alert me on the item list saves the search as an alert (POST /api/alerts). Apart from api.ts,
// which loads with /browse: this loads with the dialog. The alerts feature lists and changes them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Alert, CreateAlertBody } from '#shared/alerts.js';
import { apiJson } from '@/lib/request';

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlertBody) => apiJson<Alert>('POST', '/api/alerts', body),
    // Settings' list of alerts (GET /api/alerts) is refetched when next shown.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/alerts'], refetchType: 'none' }),
  });
}
