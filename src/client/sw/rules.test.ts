// What the service worker may keep (docs/decisions/019-service-worker.md): the item lists and single
// items, nothing per person, nothing but GET; and which requests change the session (the kept
// answers are then dropped).
import { describe, expect, it } from 'vitest';
import { isCachedApiPath, isSessionChange, readPush } from './rules';

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

describe('readPush', () => {
  const origin = 'https://share.example.org';
  it('reads what the server sends; a click leads to the path on this site, whatever origin the link names', () => {
    expect(
      readPush(
        {
          title: 'ShareNearby',
          body: 'maria asked about your Oak chair',
          url: 'https://other.example/messages/7?x=1',
          tag: 'conversation-7',
        },
        origin,
      ),
    ).toEqual({ title: 'ShareNearby', body: 'maria asked about your Oak chair', path: '/messages/7?x=1', tag: 'conversation-7' });
  });

  it.each([undefined, null, 'text', 42, [], { title: 5, body: {}, url: 'javascript:alert(1)' }, { url: 'http://[bad' }])(
    'still shows the site name for a push it cannot read (%j), leading to /notifications',
    (data) => {
      const m = readPush(data, origin);
      expect(m.title).toBe('ShareNearby');
      expect(m.path.startsWith('/')).toBe(true);
      expect(m.tag).toBeUndefined();
    },
  );
});
