// The admins' moderation calls (docs/decisions/025-moderation.md): graded actions with a reason, a
// person's page, the audit log, and answers to support requests.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPerson, ModerationEntry, SupportReply } from '#shared/moderation.js';
import { apiJson, apiRequest } from '@/lib/request';
import { ADMIN_REPORTS_KEY, ADMIN_USERS_KEY, SUPPORT_REQUESTS_KEY } from './api';

const ADMIN_PERSON_KEY = '/api/admin/people';
const MODERATION_LOG_KEY = '/api/admin/moderation-actions';

const refreshModeration = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (q) => [ADMIN_PERSON_KEY, MODERATION_LOG_KEY, ADMIN_REPORTS_KEY, ADMIN_USERS_KEY].includes(String(q.queryKey[0])),
  });

export function useAdminPerson(username: string) {
  return useQuery<AdminPerson>({
    queryKey: [ADMIN_PERSON_KEY, username],
    queryFn: () => apiJson<AdminPerson>('GET', `/api/admin/people/${encodeURIComponent(username)}`),
  });
}

export function useModerationLog() {
  return useQuery<ModerationEntry[]>({ queryKey: [MODERATION_LOG_KEY] });
}

/** One graded action: a path under /api and its body (a reason, and days or 'permanent' for a suspension). */
export type ModerationCall =
  | { kind: 'hide' | 'unhide'; itemId: number; reason: string }
  | { kind: 'warn' | 'lift'; userId: number; reason: string }
  | { kind: 'suspend'; userId: number; reason: string; days: number | 'permanent' }
  | { kind: 'delete_item'; itemId: number; reason: string }
  | { kind: 'delete_user'; userId: number; reason: string };

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (call: ModerationCall) => {
      switch (call.kind) {
        case 'hide':
        case 'unhide':
          return apiRequest('POST', `/api/admin/items/${call.itemId}/${call.kind}`, { reason: call.reason });
        case 'warn':
          return apiRequest('POST', `/api/admin/users/${call.userId}/warn`, { reason: call.reason });
        case 'lift':
          return apiRequest('POST', `/api/admin/users/${call.userId}/lift-suspension`, { reason: call.reason });
        case 'suspend':
          return apiRequest(
            'POST',
            `/api/admin/users/${call.userId}/suspend`,
            call.days === 'permanent' ? { reason: call.reason, permanent: true } : { reason: call.reason, days: call.days },
          );
        case 'delete_item':
          return apiRequest('DELETE', `/api/items/${call.itemId}`, { reason: call.reason });
        case 'delete_user':
          return apiRequest('DELETE', `/api/users/${call.userId}`, { reason: call.reason });
      }
    },
    onSuccess: () => refreshModeration(queryClient),
  });
}

export function useEndSessions(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/admin/people/${encodeURIComponent(username)}/sessions`),
    onSuccess: () => refreshModeration(queryClient),
  });
}

export function useSupportThread(id: number, enabled: boolean) {
  return useQuery<SupportReply[]>({
    queryKey: [SUPPORT_REQUESTS_KEY, id, 'replies'],
    queryFn: () => apiJson<SupportReply[]>('GET', `/api/support-requests/${id}/replies`),
    enabled,
  });
}

/** An answer (admins) or a follow-up (the author): the thread comes back; every support list is refreshed. */
export function useReplyToSupport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiJson<SupportReply[]>('POST', `/api/support-requests/${id}/replies`, { body }),
    onSuccess: (thread) => {
      queryClient.setQueryData([SUPPORT_REQUESTS_KEY, id, 'replies'], thread);
      return queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(SUPPORT_REQUESTS_KEY) });
    },
  });
}
