// The account's e-mail address (src/shared/email.ts). GET /api/me/email is cached under
// EMAIL_QUERY_KEY; every change answers with the new state, which replaces the cached one.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailState } from '#shared/email.js';
import { apiJson, apiRequest } from '@/lib/request';

const EMAIL_QUERY_KEY = ['/api/me/email'] as const;

export function useEmailState() {
  return useQuery<EmailState>({ queryKey: EMAIL_QUERY_KEY });
}

function useEmailChange<TBody>(request: (body: TBody) => Promise<EmailState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (state) => queryClient.setQueryData(EMAIL_QUERY_KEY, state),
  });
}

/** Sets or changes the address (the password is asked again); a verification link is mailed to it. */
export function useSetEmail() {
  return useEmailChange((body: { email: string; password: string }) => apiJson<EmailState>('PUT', '/api/me/email', body));
}

export function useRemoveEmail() {
  return useEmailChange((password: string) => apiJson<EmailState>('DELETE', '/api/me/email', { password }));
}

/** The /home card, gone for good. */
export function useDismissEmailPrompt() {
  return useEmailChange(() => apiJson<EmailState>('POST', '/api/me/email/dismiss-prompt'));
}

export function useSendEmailLink() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/me/email/send-link');
    },
  });
}

/** The page a verification link opens: sends its token once. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiJson<{ message: string }>('POST', '/api/email/verify', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMAIL_QUERY_KEY }),
  });
}

/** The unsubscribe page's button. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) => apiJson<{ message: string }>('POST', '/api/unsubscribe', { token }),
  });
}
