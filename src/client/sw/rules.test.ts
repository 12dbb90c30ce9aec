// What the service worker may keep (docs/decisions/019-service-worker.md): the item lists and single
// items, nothing per person, nothing but GET; and which requests change the session (the kept
// answers are then dropped).
import { describe, expect, it } from 'vitest';
import { isCachedApiPath, isSessionChange, keepShared, readPush } from './rules';

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

describe('keepShared', () => {
  const file = (name: string, type: string, size = 10) => ({ name, type, size });
  const empty = (f: ReturnType<typeof file>) => ({ ...f, size: 0 });

  it('keeps every image of a share of one to six, in order', () => {
    const two = [file('a.jpg', 'image/jpeg'), file('b.png', 'image/png')];
    expect(keepShared(two, empty)).toEqual(two);
  });

  it('keeps one image more than fit, so the form can say only six were taken', () => {
    const nine = Array.from({ length: 9 }, (_, i) => file(`${i}.jpg`, 'image/jpeg'));
    expect(keepShared(nine, empty).map((f) => f.name)).toEqual(['0.jpg', '1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg']);
  });

  it('keeps the first file that is not an image, emptied, so the form can refuse it', () => {
    const mixed = [file('clip.mp4', 'video/mp4', 9e8), file('a.jpg', 'IMAGE/JPEG'), file('notes.pdf', 'application/pdf')];
    expect(keepShared(mixed, empty)).toEqual([file('a.jpg', 'IMAGE/JPEG'), file('clip.mp4', 'video/mp4', 0)]);
  });

  it('keeps nothing of an empty share', () => {
    expect(keepShared([], empty)).toEqual([]);
  });
});
