// The auth forms' validation, loaded on first use (lib/lazy-resolver.ts): the schemas are the
// server's own (shared/auth.ts), so the browser and the API say the same thing.
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema, registerFormSchema } from '#shared/auth.js';

export const loginResolver = zodResolver(loginBodySchema);
export const registerResolver = zodResolver(registerFormSchema);
