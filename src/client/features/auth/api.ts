// Session calls (docs/product.md, States and API). The signed-in user lives in the query cache under
// USER_QUERY_KEY; a 401 from GET /api/user means "signed out" (null), not an error.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, SessionUser } from '#shared/auth.js';
import { apiJson, apiRequest, getQueryFn } from '@/lib/request';

export const USER_QUERY_KEY = ['/api/user'] as const;

export type RegisterInput = { username: string; password: string };

/** The session query: the signed-in user, or null. */
export const userQuery = {
  queryKey: USER_QUERY_KEY,
  queryFn: getQueryFn<SessionUser | null>({ on401: 'returnNull' }),
};

export function useUser() {
  return useQuery<SessionUser | null>(userQuery);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiJson<SessionUser>('POST', '/api/login', body),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    // The register call of docs/product.md, API: visible profile, and never a phone number from this form.
    mutationFn: ({ username, password }: RegisterInput) =>
      apiJson<SessionUser>('POST', '/api/register', { username, password, isVisible: true }),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
    },
  });
}

/** Forgets the session on this side after the server ended it (sign-out, account deleted). */
export function useForgetSession(): () => void {
  const queryClient = useQueryClient();
  return () => {
    // Drop everything fetched as the old user, then mark the session as signed out.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_QUERY_KEY[0] });
    queryClient.setQueryData(USER_QUERY_KEY, null);
  };
}

export function useLogout() {
  const forgetSession = useForgetSession();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: forgetSession,
  });
}
