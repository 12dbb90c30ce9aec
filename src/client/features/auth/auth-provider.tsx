import { createContext, type ReactNode, use } from 'react';
import type { SessionUser } from '#shared/auth.js';
import { useUser } from './api';

type AuthState = {
  /** The signed-in user, null when signed out, undefined while the session is unknown. */
  user: SessionUser | null | undefined;
  isLoading: boolean;
  error: Error | null;
};

const AuthContext = createContext<AuthState | null>(null);

/** Looks up the session once for the whole app. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isLoading, error } = useUser();
  return <AuthContext value={{ user: data, isLoading, error }}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const ctx = use(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
