import { MAX_TAGS } from '../../../../shared/constants.js';

export type AddTagResult =
  { kind: 'added'; tags: string[] } | { kind: 'empty' } | { kind: 'duplicate' } | { kind: 'limit' } | { kind: 'too-long' };

/**
 * The tag picker's rules: trimmed (inner spaces collapsed), no duplicates in any letter case,
 * at most MAX_TAGS, at most `maxLength` characters.
 */
export function addTag(tags: readonly string[], raw: string, maxLength: number): AddTagResult {
  const tag = raw.trim().replace(/\s+/g, ' ');
  if (!tag) return { kind: 'empty' };
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return { kind: 'duplicate' };
  if (tags.length >= MAX_TAGS) return { kind: 'limit' };
  if (tag.length > maxLength) return { kind: 'too-long' };
  return { kind: 'added', tags: [...tags, tag] };
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((t) => t !== tag);
}

export type TagGroup = { label: string; tags: readonly string[] };

/** The groups whose tags contain `query` (any letter case); empty groups are left out. */
export function filterTagGroups(groups: readonly TagGroup[], query: string): TagGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return groups.map((g) => ({ label: g.label, tags: g.tags }));
  return groups.map((g) => ({ label: g.label, tags: g.tags.filter((t) => t.toLowerCase().includes(q)) })).filter((g) => g.tags.length > 0);
}
