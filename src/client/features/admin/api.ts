// Admin dashboard calls (docs/product.md, API; admins only: visitors get 401, other users 403). The
// reads are used only inside <AdminDashboard>, which the page renders for admins alone.
import { type QueryClient, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { z } from 'zod';
import { SUPPORT_REFETCH_MS } from '#shared/constants.js';
import type { AdminUser, adminNoteSchema, adminVendorSchema, SupportRequest } from '#shared/people.js';
import type { AdminReport, ReportAction, ReportStatus } from '#shared/reports.js';
import { useLiveConnected } from '@/lib/live';
import { hold, subscribe } from '@/lib/live-source';
import { apiJson, apiRequest } from '@/lib/request';

export type AdminNote = z.infer<typeof adminNoteSchema>;
export type AdminVendor = z.infer<typeof adminVendorSchema>;

export const ADMIN_USERS_KEY = '/api/users';
const ADMIN_NOTES_KEY = '/api/admin/notes';
export const SUPPORT_REQUESTS_KEY = '/api/support-requests';
const ADMIN_VENDORS_KEY = '/api/admin/vendors';
export const ADMIN_REPORTS_KEY = '/api/admin/reports';

/** Rows the server sends per page of users: a full page means there may be another. */
export const ADMIN_USERS_PAGE_SIZE = 100;

export type AdminUsersParams = { query: string; page: number };

const invalidate = (queryClient: QueryClient, key: string) => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === key });
const invalidateAll = (queryClient: QueryClient) =>
  Promise.all(
    [ADMIN_USERS_KEY, ADMIN_NOTES_KEY, SUPPORT_REQUESTS_KEY, ADMIN_VENDORS_KEY, ADMIN_REPORTS_KEY].map((key) =>
      invalidate(queryClient, key),
    ),
  );

export function useAdminUsers(params: AdminUsersParams) {
  return useQuery<AdminUser[]>({
    queryKey: [ADMIN_USERS_KEY, params],
    placeholderData: keepPreviousData,
  });
}

/**
 * Keeps the support requests and reports fresh while the dashboard is open: the live stream's
 * `admin` event says which list changed (docs/decisions/015-live-updates.md), and a stream that
 * came back fetches both anew. While the stream is down the lists poll instead (below).
 */
export function useFollowAdminLists() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const prefix = (key: string) => () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith(key) });
    const support = prefix(SUPPORT_REQUESTS_KEY);
    const reports = prefix(ADMIN_REPORTS_KEY);
    const stops = [
      hold(),
      subscribe('admin', (data) => void (data.list === 'reports' ? reports() : support())),
      subscribe('resync', () => void Promise.all([support(), reports()])),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}

/** Refreshed by live updates; every 30 seconds only while the tab's stream is down (docs/product.md, Constants). */
export function useSupportRequests() {
  const live = useLiveConnected();
  return useQuery<SupportRequest[]>({
    queryKey: [SUPPORT_REQUESTS_KEY],
    refetchInterval: live ? false : SUPPORT_REFETCH_MS,
  });
}

export function useAdminNotes() {
  return useQuery<AdminNote[]>({ queryKey: [ADMIN_NOTES_KEY] });
}

export function useAdminVendors() {
  return useQuery<AdminVendor[]>({ queryKey: [ADMIN_VENDORS_KEY] });
}

export function useVerifyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isVerified }: { id: number; isVerified: boolean }) =>
      apiJson<AdminUser>('PATCH', `/api/users/${id}/verify`, { isVerified }),
    onSuccess: (user) => {
      queryClient.setQueriesData<AdminUser[]>({ predicate: (q) => q.queryKey[0] === ADMIN_USERS_KEY }, (users) =>
        users?.map((u) => (u.id === user.id ? user : u)),
      );
    },
  });
}

export function useResolveSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('PATCH', `/api/support-requests/${id}`, { status: 'resolved' });
    },
    onSuccess: () => invalidate(queryClient, SUPPORT_REQUESTS_KEY),
  });
}

export function useDeleteAdminNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/admin/notes/${id}`);
    },
    onSuccess: () => invalidate(queryClient, ADMIN_NOTES_KEY),
  });
}

export function useCreateVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiJson<AdminVendor>('POST', '/api/admin/vendors', { name }),
    onSuccess: () => invalidate(queryClient, ADMIN_VENDORS_KEY),
  });
}

export function useSetVendorActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => apiJson<AdminVendor>('PATCH', `/api/admin/vendors/${id}`, { active }),
    onSuccess: () => invalidate(queryClient, ADMIN_VENDORS_KEY),
  });
}

/** Reports of one status, newest first (the open ones also give the Reports tab its count); kept fresh like support requests. */
export function useAdminReports(status: ReportStatus) {
  const live = useLiveConnected();
  return useQuery<AdminReport[]>({
    queryKey: [ADMIN_REPORTS_KEY, { status }],
    placeholderData: keepPreviousData,
    refetchInterval: live ? false : SUPPORT_REFETCH_MS,
  });
}

/**
 * One decision on a report, as a mutation of the report's id. Deleting a user changes every admin
 * list; the other decisions change only the reports.
 */
export function useResolveReport(action: ReportAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: number | { id: number; reason: string }) => {
      const { id, reason } = typeof target === 'number' ? { id: target, reason: undefined } : target;
      await apiRequest('POST', `/api/admin/reports/${id}/resolve`, { action, ...(reason ? { reason } : {}) });
    },
    onSuccess: () => (action === 'delete_user' ? invalidateAll(queryClient) : invalidate(queryClient, ADMIN_REPORTS_KEY)),
  });
}
