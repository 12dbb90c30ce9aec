import { describe, expect, it } from 'vitest';
import { TAG_GROUPS } from '#shared/items.js';
import { addTag, filterTagGroups, removeTag } from './tags';

describe('addTag', () => {
  it('adds a trimmed tag', () => {
    expect(addTag(['Free'], '  Garden   tools ', 40)).toEqual({ kind: 'added', tags: ['Free', 'Garden tools'] });
  });

  it('refuses empty text', () => {
    expect(addTag([], '   ', 40)).toEqual({ kind: 'empty' });
  });

  it('refuses a duplicate in any letter case', () => {
    expect(addTag(['Free', 'Books'], 'books', 40)).toEqual({ kind: 'duplicate' });
    expect(addTag(['Free'], ' Free ', 40)).toEqual({ kind: 'duplicate' });
  });

  it('refuses an eleventh tag', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(addTag(ten, 'one more', 40)).toEqual({ kind: 'limit' });
    expect(addTag(ten.slice(0, 9), 'tenth', 40).kind).toBe('added');
  });

  it('refuses a tag longer than the limit', () => {
    expect(addTag([], 'x'.repeat(41), 40)).toEqual({ kind: 'too-long' });
  });

  it('removes a tag', () => {
    expect(removeTag(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});

describe('filterTagGroups', () => {
  it('keeps every group without a query', () => {
    expect(filterTagGroups(TAG_GROUPS, ' ')).toHaveLength(TAG_GROUPS.length);
  });

  it('keeps matching tags and drops empty groups', () => {
    expect(filterTagGroups(TAG_GROUPS, 'TRADE')).toEqual([{ label: 'Free/Trade', tags: ['For Trade'] }]);
    expect(filterTagGroups(TAG_GROUPS, 'zzz')).toEqual([]);
  });
});
