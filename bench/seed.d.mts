// Types of bench/seed.mjs for the TypeScript that reuses it (tests/system/copy-to-postgres.test.ts).
export const PASSWORD: string;
export const RARE_WORD: string;
export const COMMON_WORD: string;
export const SEARCH_TAG: string;
export function ensureSeeded(
  q: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
  opts: { seed: number; items: number; users: number; passwordHash: string; log: (msg: string) => void },
): Promise<{ reused: boolean; seconds: number; fingerprint: string }>;
