import { describe, expect, it } from 'vitest';
import type { ItemFilter, ListOrder } from '../filter.js';
import type { PostingsWalk, RelevanceStreams } from '../postings.js';
import type { SearchWord } from '../words.js';
import type { ListRequest } from './page.js';
import { chooseList, type ListFacts, LIST_STRATEGIES } from './planner.js';

// The list planner's table (planner.ts) without a database: which strategy a typical request gets
// from the facts listFacts would have gathered for it. A plain list gathers none; a search's facts
// start from its count (exact up to 10,000, an estimate above).

const PLACE = { lat: 40.75, lng: -73.98 };
const word = (w: string): SearchWord => ({ exact: [w], typos: [] });
const oneWord = (text: string): ItemFilter => ({ text, words: [word(text)] });
const twoWords = (a: string, b: string): ItemFilter => ({ text: `${a} ${b}`, words: [word(a), word(b)] });
const walk: PostingsWalk = { walked: ['red'], probed: [['lamp']] };
const streams: RelevanceStreams = { exact: walk, all: walk, oneWord: false };

const request = (filter: ItemFilter, order: ListOrder, page = 1): ListRequest => ({ filter, order, limit: 13, offset: (page - 1) * 12 });
const plain: ListFacts = { matchesFirst: false, rankAll: false };
const counted = (total: number, estimate: boolean, more: Partial<ListFacts> = {}): ListFacts => ({
  total: { total, estimate },
  matchesFirst: false,
  rankAll: false,
  ...more,
});
const strategyOf = (r: ListRequest, facts: ListFacts) => chooseList(r, facts).name;

describe('the list planner', () => {
  it('ends on a row that always holds, and names every strategy once', () => {
    expect(LIST_STRATEGIES.at(-1)!.when(request({}, 'newest'), plain)).toBe(true);
    expect(new Set(LIST_STRATEGIES.map((s) => s.name)).size).toBe(LIST_STRATEGIES.length);
  });

  it('reads a plain list newest first by walking its index, and nearest first by the planar nearest page', () => {
    expect(strategyOf(request({}, 'newest'), plain)).toBe('order-walk');
    expect(strategyOf(request({}, 'newest', 50), plain)).toBe('order-walk');
    expect(strategyOf(request({ near: PLACE }, 'nearest'), plain)).toBe('nearest-page');
    expect(strategyOf(request({ near: PLACE, type: 'offer' }, 'nearest'), plain)).toBe('nearest-page');
    // A place with newest first keeps the distances but walks the newest-first index.
    expect(strategyOf(request({ near: PLACE }, 'newest'), plain)).toBe('order-walk');
  });

  it('reads a search nearest first with few matches by collecting them first', () => {
    const few = counted(40, false, { matchesFirst: true });
    expect(strategyOf(request({ ...oneWord('99150'), near: PLACE }, 'nearest'), few)).toBe('matches-first');
    expect(strategyOf(request(oneWord('99150'), 'newest'), few)).toBe('matches-first');
    expect(strategyOf(request({ tag: 'rare' }, 'newest'), few)).toBe('matches-first');
  });

  it('reads a common word newest (or nearest) first by walking the order', () => {
    const many = counted(10_001, true);
    expect(strategyOf(request(oneWord('chair'), 'newest'), many)).toBe('order-walk');
    expect(strategyOf(request({ ...oneWord('chair'), near: PLACE }, 'nearest'), many)).toBe('order-walk');
  });

  it('reads several common words newest first by the postings of the rarest one, when the walk was planned', () => {
    expect(strategyOf(request(twoWords('lamp', 'fair'), 'newest'), counted(9_000, false, { walk }))).toBe('postings-walk');
    // Not planned (it would read more than the matches): the matches are collected first.
    expect(strategyOf(request(twoWords('lamp', 'fair'), 'newest', 40), counted(9_000, false, { matchesFirst: true }))).toBe(
      'matches-first',
    );
  });

  it('ranks every match of best match first when the count is exact and small', () => {
    const few = counted(40, false, { rankAll: true, matchesFirst: true });
    expect(strategyOf(request(twoWords('94', 'kettle'), 'relevance'), few)).toBe('relevance-all');
    expect(strategyOf(request({ ...twoWords('94', 'kettle'), near: PLACE }, 'relevance'), few)).toBe('relevance-all');
  });

  it('reads best match first over many matches by tier streams, or failing them the newest matches', () => {
    expect(strategyOf(request(oneWord('guitr'), 'relevance'), counted(9_000, false, { streams, rankAll: true }))).toBe('relevance-streams');
    expect(strategyOf(request(oneWord('condition'), 'relevance'), counted(90_000, true, { streams }))).toBe('relevance-streams');
    // A word still open as a prefix has no streams: exact, every match ranked; an estimate, the newest
    // candidates found by the search indexes (sparse) or by the walk (dense).
    expect(strategyOf(request(oneWord('lam'), 'relevance'), counted(9_000, false, { rankAll: true, matchesFirst: true }))).toBe(
      'relevance-all',
    );
    expect(strategyOf(request(oneWord('lam'), 'relevance'), counted(20_000, true, { matchesFirst: true }))).toBe(
      'relevance-newest-matches',
    );
    expect(strategyOf(request(oneWord('lam'), 'relevance'), counted(90_000, true))).toBe('relevance-newest-walked');
  });

  it('reads best match first of a tag alone (no text to rank) as the newest-first list of the tag', () => {
    expect(strategyOf(request({ tag: 'furniture' }, 'relevance'), counted(20_000, true))).toBe('order-walk');
    expect(strategyOf(request({ tag: 'rare' }, 'relevance'), counted(90, false, { rankAll: true, matchesFirst: true }))).toBe(
      'matches-first',
    );
  });

  it('reads a radius by the planar nearest page without a search, by the cube walk with one, and newest first by the walk', () => {
    const circle = { near: PLACE, radiusKm: 5 };
    expect(strategyOf(request(circle, 'nearest'), plain)).toBe('nearest-page');
    expect(strategyOf(request({ ...circle, ...oneWord('chair') }, 'nearest'), counted(1_500, false))).toBe('radius-walk');
    // Few matches in the circle: collected first.
    expect(strategyOf(request({ ...circle, ...oneWord('chair') }, 'nearest'), counted(300, false, { matchesFirst: true }))).toBe(
      'matches-first',
    );
    expect(strategyOf(request(circle, 'newest'), plain)).toBe('order-walk');
  });

  it('reads wants by their own indexes: newest and nearest first by the walk, within a radius by the cube walk', () => {
    expect(strategyOf(request({ type: 'want' }, 'newest'), plain)).toBe('order-walk');
    expect(strategyOf(request({ type: 'want', near: PLACE }, 'nearest'), plain)).toBe('order-walk');
    expect(strategyOf(request({ type: 'want', near: PLACE, radiusKm: 5 }, 'nearest'), plain)).toBe('radius-walk');
  });
});
