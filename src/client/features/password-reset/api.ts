// Password reset calls (docs/product.md, API): ask for a code by SMS, then set a new password with it.
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/request';

type MessageAnswer = { message: string };

export type ResetPasswordInput = { username: string; code: string; newPassword: string };

/** POST /api/request-reset: the same answer whether or not the user exists. */
export function useRequestReset() {
  return useMutation({
    mutationFn: (username: string) => apiJson<MessageAnswer>('POST', '/api/request-reset', { username }),
  });
}

/** POST /api/reset-password: 400 'Invalid or expired reset code' when the code does not fit. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordInput) => apiJson<MessageAnswer>('POST', '/api/reset-password', body),
  });
}
