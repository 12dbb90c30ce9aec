// The signed-in user's own settings. GET /api/me/settings is cached under SETTINGS_QUERY_KEY, and
// every settings change answers with the whole settings object, which replaces the cached one.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Block } from '#shared/blocks.js';
import type { Settings, vendorListSchema } from '#shared/people.js';
import { apiJson, apiRequest } from '@/lib/request';

const SETTINGS_QUERY_KEY = ['/api/me/settings'] as const;
const VENDORS_QUERY_KEY = ['/api/vendors'] as const;
const BLOCKS_QUERY_KEY = ['/api/blocks'] as const;
// Pages of other features that show what these calls change; they are refetched on next view.
const PROFILE_QUERY_PREFIX = '/api/users/profile';
const MY_SUPPORT_REQUESTS_PREFIX = '/api/support-requests/mine';
const CONVERSATIONS_PREFIX = '/api/conversations';

export type Vendor = z.infer<typeof vendorListSchema>[number];
export type OwnPaymentLink = Settings['paymentIds'][number];

export function useSettings() {
  return useQuery<Settings>({ queryKey: SETTINGS_QUERY_KEY });
}

/** The active vendors a payment link can be made with. */
export function useVendors() {
  return useQuery<Vendor[]>({ queryKey: VENDORS_QUERY_KEY });
}

function invalidateProfiles(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [PROFILE_QUERY_PREFIX] });
}

/** A change answered with the new settings: they replace the cached ones, profiles are refreshed. */
function useSettingsChange<TBody>(request: (body: TBody) => Promise<Settings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (settings) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, settings);
      await invalidateProfiles(queryClient);
    },
  });
}

export function useAddPaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { vendorId: number; paymentId: string }) => apiJson<OwnPaymentLink>('POST', '/api/me/payment-ids', body),
    onSuccess: async (link) => {
      queryClient.setQueryData<Settings>(SETTINGS_QUERY_KEY, (old) =>
        old ? { ...old, paymentIds: [...old.paymentIds.filter((p) => p.id !== link.id), link] } : old,
      );
      await invalidateProfiles(queryClient);
    },
  });
}

export function useRemovePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/me/payment-ids/${id}`);
    },
    onSuccess: async (_, id) => {
      queryClient.setQueryData<Settings>(SETTINGS_QUERY_KEY, (old) =>
        old ? { ...old, paymentIds: old.paymentIds.filter((p) => p.id !== id) } : old,
      );
      await invalidateProfiles(queryClient);
    },
  });
}

/** The profile's bio and area (PUT /api/me/profile; '' clears one). */
export function useSaveProfile() {
  return useSettingsChange((body: { bio: string; area: string }) => apiJson<Settings>('PUT', '/api/me/profile', body));
}

/** A new profile photo (multipart, field `image`), stored by the server as two squares. */
export function useUploadAvatar() {
  return useSettingsChange((file: File) => {
    const body = new FormData();
    body.append('image', file);
    return apiJson<Settings>('POST', '/api/me/avatar', body);
  });
}

export function useRemoveAvatar() {
  return useSettingsChange(() => apiJson<Settings>('DELETE', '/api/me/avatar'));
}

export function useUpdateVisibility() {
  return useSettingsChange((isVisible: boolean) => apiJson<Settings>('PATCH', '/api/me', { isVisible }));
}

/** Sets or changes the number; the password is asked again (the number is where reset codes go). */
export function useSavePhone() {
  return useSettingsChange((body: { phoneNumber: string; currentPassword: string }) => apiJson<Settings>('PUT', '/api/me/phone', body));
}

export function useRemovePhone() {
  return useSettingsChange((currentPassword: string) => apiJson<Settings>('DELETE', '/api/me/phone', { currentPassword }));
}

export function useVerifyPhone() {
  return useSettingsChange((code: string) => apiJson<Settings>('POST', '/api/me/phone/verify', { code }));
}

/** Sends a 6-digit code by SMS to the saved number. */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/me/phone/send-code');
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: { currentPassword: string; newPassword: string }) => {
      await apiRequest('POST', '/api/me/password', body);
    },
  });
}

/** Asks the admins to delete the account: a support request of type account_deletion. */
export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) => {
      await apiRequest('POST', '/api/me/deletion-request', reason ? { reason } : {});
    },
    onSuccess: async () => {
      queryClient.setQueryData<Settings>(SETTINGS_QUERY_KEY, (old) => (old ? { ...old, markedForDeletion: true } : old));
      await queryClient.invalidateQueries({ queryKey: [MY_SUPPORT_REQUESTS_PREFIX] });
    },
  });
}

/**
 * Deletes the account at once (the password asked again). The server ends the session; the caller
 * forgets it on this side.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (password: string) => {
      await apiRequest('DELETE', '/api/me', { password });
    },
  });
}

/** The people I blocked, newest first. */
export function useBlocks() {
  return useQuery<Block[]>({ queryKey: BLOCKS_QUERY_KEY });
}

/** Lifts a block: the person leaves the list, and conversations are refetched on next view. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiRequest('DELETE', `/api/blocks/${id}`);
    },
    onSuccess: async (_, id) => {
      queryClient.setQueryData<Block[]>(BLOCKS_QUERY_KEY, (old) => old?.filter((b) => b.id !== id));
      await queryClient.invalidateQueries({ queryKey: [CONVERSATIONS_PREFIX] });
    },
  });
}
