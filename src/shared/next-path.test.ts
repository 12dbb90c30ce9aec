import { describe, expect, it } from 'vitest';
import { safeNextPath, signInPath } from './next-path';

describe('safeNextPath', () => {
  it.each(['/items/42', '/post-item', '/post-item?shared=kept', '/browse?query=lamp&page=2#list', '/u/maria', '/messages/3', '/home'])(
    'accepts the page path %s as it is',
    (path) => {
      expect(safeNextPath(path)).toBe(path);
    },
  );

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['another site, protocol-relative', '//evil.example'],
    ['another site, protocol-relative with a path', '//evil.example/items/1'],
    ['an absolute address', 'https://evil.example/items/1'],
    ['an absolute address of this very site', 'http://localhost/items/1'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash later on', '/items/1\\..\\..\\evil'],
    ['a tab hidden between the slashes', '/\t/evil.example'],
    ['a newline', '/items/1\n'],
    ['a script', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'items/1'],
    ['a path no page has', '/api/logout'],
    ['the sign-in page itself', '/auth?next=/items/1'],
    ['a dot-segment way out to the API', '/items/../api/user'],
    ['a very long value', `/items/${'1'.repeat(3000)}`],
  ])('refuses %s', (_name, value) => {
    expect(safeNextPath(value)).toBeNull();
  });

  it('keeps a query that names another site as data (the path is what leads)', () => {
    expect(safeNextPath('/browse?query=https://evil.example')).toBe('/browse?query=https://evil.example');
  });
});

describe('signInPath', () => {
  it('sends to /auth with the page to come back to', () => {
    expect(signInPath('/items/42')).toBe('/auth?next=%2Fitems%2F42');
    // Written out on /browse (src/client/pages/browse-page.tsx), to keep its first load small.
    expect(signInPath('/post-item')).toBe('/auth?next=%2Fpost-item');
    expect(signInPath('/post-item?shared=kept')).toBe('/auth?next=%2Fpost-item%3Fshared%3Dkept');
  });
  it('leaves next out where it would be /home anyway, or not followed', () => {
    expect(signInPath('/home')).toBe('/auth');
    expect(signInPath('//evil.example')).toBe('/auth');
  });
});
