import type { Db } from '../../../../db/client.js';
import { FEW_MATCHES, MATCH_ROW_COST, RELEVANCE_CANDIDATES } from '../costs.js';
import { type ItemFilter, type ListedRow, searches } from '../filter.js';
import { type PostingsWalk, planPostingsWalk, planRelevanceStreams, type RelevanceStreams } from '../postings.js';
import { listedTotal, type Total } from '../totals.js';
import { radiusWalk } from './cube-walk.js';
import { matchesFirst } from './matches-first.js';
import { nearestPage } from './nearest-page.js';
import { orderWalk } from './order-walk.js';
import { byRelevance, type ListRequest, nearestTo } from './page.js';
import { postingsWalk } from './postings-walk.js';
import { relevanceAll } from './relevance-all.js';
import { relevanceNewestMatches } from './relevance-newest-matches.js';
import { relevanceNewestWalked } from './relevance-newest-walked.js';
import { relevanceStreams } from './relevance-streams.js';

/**
 * What the list planner knows before it chooses a strategy (gathered by listFacts). A plain list
 * (no search text or tag) knows nothing more: its total is counted beside its page.
 */
export interface ListFacts {
  /** A search's total, counted first: how many match decides how its page is read. */
  total?: Total;
  /** Best match first over many matches, as tier streams of the postings (planRelevanceStreams). */
  streams?: RelevanceStreams;
  /** Newest first over several words, by the postings of the rarest one, when that reads less (planPostingsWalk). */
  walk?: PostingsWalk;
  /** Whether a search's matches are collected by the search indexes before the page is chosen (readMatchesFirst). */
  matchesFirst: boolean;
  /** Best match first with an exact count: every match is ranked. */
  rankAll: boolean;
}

/** One row of the planner's table: a strategy, when it is chosen, and what it runs. */
export interface ListStrategy {
  name: string;
  when(r: ListRequest, facts: ListFacts): boolean;
  run(db: Db, r: ListRequest, facts: ListFacts): Promise<ListedRow[]>;
}

const nearest = (r: ListRequest) => nearestTo(r) !== undefined;
const withinRadius = (r: ListRequest) => r.filter.radiusKm !== undefined;

/**
 * How a page of a list is read: the first row whose `when` holds (the last always does). Each
 * strategy's file says why it is chosen there; docs/decisions/038 shows how to add one.
 */
export const LIST_STRATEGIES: readonly ListStrategy[] = [
  {
    name: 'relevance-streams',
    when: (r, f) => byRelevance(r) && f.streams !== undefined,
    run: (db, r, f) => relevanceStreams(db, r, f.streams!),
  },
  { name: 'nearest-page', when: (r) => nearest(r) && !searches(r.filter) && r.filter.type !== 'want', run: nearestPage },
  { name: 'relevance-all', when: (r, f) => byRelevance(r) && f.rankAll, run: relevanceAll },
  { name: 'relevance-newest-matches', when: (r, f) => byRelevance(r) && f.matchesFirst, run: relevanceNewestMatches },
  { name: 'relevance-newest-walked', when: (r) => byRelevance(r), run: relevanceNewestWalked },
  { name: 'postings-walk', when: (r, f) => f.walk !== undefined && !nearest(r), run: (db, r, f) => postingsWalk(db, r, f.walk!) },
  {
    name: 'radius-walk',
    when: (r, f) => nearest(r) && withinRadius(r) && !(f.matchesFirst && searches(r.filter)),
    run: radiusWalk,
  },
  { name: 'matches-first', when: (r, f) => f.matchesFirst && searches(r.filter), run: matchesFirst },
  { name: 'order-walk', when: () => true, run: orderWalk },
];

/** The strategy the table chooses for a request and its facts. */
export const chooseList = (r: ListRequest, facts: ListFacts): ListStrategy => LIST_STRATEGIES.find((s) => s.when(r, facts))!;

/**
 * What the planner needs to know about a search before it chooses, each fact gathered only where a
 * row may read it, in this order: the total (`known`, or counted: listedTotal), the tier streams of
 * best match first over many matches, the postings walk of newest first, and whether to read the
 * matches first. A plain list gathers nothing.
 */
export async function listFacts(db: Db, r: ListRequest, known?: Total): Promise<ListFacts> {
  const { filter, order } = r;
  if (!searches(filter)) return { total: known, matchesFirst: false, rankAll: false };
  const total = known ?? (await listedTotal(db, filter));
  // Best match first ranks every match when there are few (at most FEW_MATCHES, counted exactly);
  // more, by tiers, each newest first; failing that (a word still open as a prefix), the newest
  // RELEVANCE_CANDIDATES of them, or all if counted exactly.
  const fewMatches = !total.estimate && total.total <= FEW_MATCHES;
  const streams = order === 'relevance' && !fewMatches ? await planRelevanceStreams(db, filter.words) : undefined;
  const rankAll = order === 'relevance' && !total.estimate;
  const rowsWanted = order === 'relevance' ? RELEVANCE_CANDIDATES : r.offset + r.limit;
  const walk =
    order === 'relevance' || order === 'nearest'
      ? undefined
      : await planPostingsWalk(db, filter.words, total.total, rowsWanted, MATCH_ROW_COST);
  const first = !walk && !streams && (rankAll || (await readMatchesFirst(db, filter, total, rowsWanted)));
  return { total, streams, walk, matchesFirst: first, rankAll };
}

/**
 * Whether a search's page is read by collecting its matches through the search indexes (then
 * sorting them) rather than by walking the list's order (newest-first index, or the nearest-first
 * GiST walk) and testing each row. The walk reads about `rowsWanted × listed ÷ matches` rows before
 * it has the rows it wants; the indexes read every match. So a rare search, a deep page or a
 * search whose matches are sparse (two words that meet in few items) reads its matches, and a page
 * near the top of a common word walks (docs/decisions/004). Within a radius the walk is bounded by
 * the circle's box, which the density of the whole list does not describe: there only an exact
 * total of at most FEW_MATCHES reads the matches.
 */
async function readMatchesFirst(db: Db, filter: ItemFilter, matches: Total, rowsWanted: number): Promise<boolean> {
  if (!matches.estimate && matches.total <= FEW_MATCHES) return true;
  if (filter.near && filter.radiusKm !== undefined) return false;
  const listed = await listedTotal(db, { near: filter.near, type: filter.type, viewer: filter.viewer });
  return rowsWanted * (listed.total / matches.total) > MATCH_ROW_COST * matches.total;
}
