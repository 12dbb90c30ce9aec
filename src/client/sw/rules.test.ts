// What the service worker may keep (docs/decisions/019-service-worker.md): the item lists and single
// items, nothing per person, nothing but GET; and which requests change the session (the kept
// answers are then dropped).
import { describe, expect, it } from 'vitest';
import { isCachedApiPath, isSessionChange } from './rules';

describe('isCachedApiPath', () => {
  it.each(['/api/items', '/api/items/1', '/api/items/123456789'])('keeps %s', (path) => {
    expect(isCachedApiPath(path)).toBe(true);
  });

  it.each([
    '/api/user',
    '/api/me/items',
    '/api/items/5/messages',
    '/api/items/5/requests',
    '/api/items/0',
    '/api/items/abc',
    '/api/items/',
    '/api/conversations',
    '/api/notifications',
    '/api/config',
    '/api/csrf-token',
    '/api/events',
    '/api/items/1234567890',
  ])('never keeps %s', (path) => {
    expect(isCachedApiPath(path)).toBe(false);
  });
});

describe('isSessionChange', () => {
  const at = (path: string) => new URL(path, 'https://share.example');

  it.each(['/api/login', '/api/register', '/api/logout'])('POST %s changes the session', (path) => {
    expect(isSessionChange('POST', at(path))).toBe(true);
  });

  it('a read, or a write elsewhere, does not', () => {
    expect(isSessionChange('GET', at('/api/logout'))).toBe(false);
    expect(isSessionChange('POST', at('/api/items'))).toBe(false);
    expect(isSessionChange('POST', at('/api/login/extra'))).toBe(false);
  });
});
