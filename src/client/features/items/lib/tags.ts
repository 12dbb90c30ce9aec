import { MAX_TAGS } from '#shared/constants.js';
import type { MessageId } from '#shared/i18n.js';
import type { Translate } from '@/lib/i18n';

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

/**
 * The groups whose tags contain `query` (any letter case), as stored or as shown (`shown`, the
 * page's language); empty groups are left out.
 */
export function filterTagGroups(groups: readonly TagGroup[], query: string, shown: (tag: string) => string = (tag) => tag): TagGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return groups.map((g) => ({ label: g.label, tags: g.tags }));
  const matches = (tag: string) => tag.toLowerCase().includes(q) || shown(tag).toLowerCase().includes(q);
  return groups.map((g) => ({ label: g.label, tags: g.tags.filter(matches) })).filter((g) => g.tags.length > 0);
}

/**
 * The common tags (TAG_GROUPS) and their groups are stored and searched in English, the words the
 * catalogues translate: shown in the page's language, any other tag as its poster wrote it.
 */
const COMMON_TAG_LABEL: Record<string, MessageId> = {
  Furniture: 'core.tags.furniture',
  Electronics: 'core.tags.electronics',
  Clothing: 'core.tags.clothing',
  Books: 'core.tags.books',
  Toys: 'core.tags.toys',
  Kitchenware: 'core.tags.kitchenware',
  Tools: 'core.tags.tools',
  Art: 'core.tags.art',
  Sports: 'core.tags.sports',
  Food: 'core.tags.food',
  New: 'core.tags.new',
  'Like New': 'core.tags.likeNew',
  Good: 'core.tags.good',
  Used: 'core.tags.used',
  Vintage: 'core.tags.vintage',
  'Needs Repair': 'core.tags.needsRepair',
  Free: 'core.tags.free',
  'For Trade': 'core.tags.forTrade',
  Indoor: 'core.tags.indoor',
  Outdoor: 'core.tags.outdoor',
  'Pickup Only': 'core.tags.pickupOnly',
  'Delivery Available': 'core.tags.deliveryAvailable',
  'Local Only': 'core.tags.localOnly',
  School: 'core.tags.school',
  Neighborhood: 'core.tags.neighborhood',
  Charity: 'core.tags.charity',
  Event: 'core.tags.event',
  Restaurant: 'core.tags.restaurant',
  // The groups' names are core texts: Browse's tag chips show them without the app's texts.
  'Item Type': 'core.tags.groupItemType',
  Condition: 'core.tags.groupCondition',
  'Free/Trade': 'core.tags.groupFreeTrade',
  Location: 'core.tags.groupLocation',
  Community: 'core.tags.groupCommunity',
};

/** A tag (or a tag group's name) as the page shows it. */
export function tagLabel(t: Translate, tag: string): string {
  const id = Object.prototype.hasOwnProperty.call(COMMON_TAG_LABEL, tag) ? COMMON_TAG_LABEL[tag] : undefined;
  return id ? t(id) : tag;
}
