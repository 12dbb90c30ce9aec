import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPagePath, PAGE_ROUTES } from './routes.js';

describe('page routes', () => {
  it('are the client router’s routes, every one of them and no other path', () => {
    const router = readFileSync(new URL('../client/app/router.tsx', import.meta.url), 'utf8');
    for (const key of Object.keys(PAGE_ROUTES)) expect(router).toContain(`path={PAGE_ROUTES.${key}}`);
    expect(router).not.toMatch(/path=["']/);
  });

  it('match as the router does: one segment per parameter, a trailing slash, any letter case', () => {
    for (const path of ['/', '/home', '/Browse', '/browse/', '/u/alice', '/items/12', '/messages/4', '/users/bob']) {
      expect(isPagePath(path), path).toBe(true);
    }
    for (const path of ['/homes', '/u', '/u/', '/u/alice/x', '/items', '/api', '/x/home', '//']) {
      expect(isPagePath(path), path).toBe(false);
    }
  });
});
