// The signed-in user's support requests: GET /api/support-requests/mine (cached under
// MY_REQUESTS_QUERY_KEY) and POST /api/support-requests.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SupportRequest } from '#shared/people.js';
import type { MyModeration } from '#shared/moderation.js';
import { apiJson } from '@/lib/request';
import type { SupportType } from './lib/support-labels';

const MY_REQUESTS_QUERY_KEY = ['/api/support-requests/mine'] as const;

export function useMySupportRequests() {
  return useQuery<SupportRequest[]>({ queryKey: MY_REQUESTS_QUERY_KEY });
}

export function useCreateSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { type: SupportType; description: string }) =>
      apiJson<SupportRequest | undefined>('POST', '/api/support-requests', body),
    onSuccess: async (created) => {
      // Newest first; the list is asked again when the answer is not the new request itself.
      if (created && typeof created === 'object' && 'id' in created) {
        queryClient.setQueryData<SupportRequest[]>(MY_REQUESTS_QUERY_KEY, (old) => (old ? [created, ...old] : old));
      } else {
        await queryClient.invalidateQueries({ queryKey: MY_REQUESTS_QUERY_KEY });
      }
    },
  });
}

/** A follow-up to one's own request (it goes back to the team as pending). */
export function useFollowUp(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiJson<unknown>('POST', `/api/support-requests/${id}/replies`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_REQUESTS_QUERY_KEY }),
  });
}

/** One's suspension in force and the moderators' notices (GET /api/me/moderation). */
export function useMyModeration() {
  return useQuery<MyModeration>({ queryKey: ['/api/me/moderation'] });
}
