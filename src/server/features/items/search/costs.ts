/**
 * The numbers the list planner (list/planner.ts) and the totals (totals.ts) choose by. Each says why
 * it is what it is; the measurements behind them are in the decision records named, not here.
 */

/** Rows counted exactly before the total switches to the planner's estimate (docs/decisions/004). */
export const EXACT_COUNT_CAP = 10_000;

/**
 * A search with at most this many matches (its exact total says so) always reads the matches
 * through the search indexes and sorts them: a few milliseconds whatever the list holds.
 */
export const FEW_MATCHES = 1_000;

/**
 * One match read through the search indexes costs about as many rows passed by a walk of the list's
 * order: a heap visit out of order, then its place in the sort (measured in docs/decisions/004).
 */
export const MATCH_ROW_COST = 2;

/** Best match first over a search with more matches than the exact count's cap ranks the newest this many. */
export const RELEVANCE_CANDIDATES = 300;

/** How long a page total above REMEMBERED_ABOVE (an estimate, or a dear exact count) is reused for the same filter. */
export const ESTIMATE_TTL_MS = 60_000;

/**
 * A total above this is remembered for ESTIMATE_TTL_MS, exact or not; one at or below it is counted
 * on every request. Counting a search reads every match through its indexes, so the line is the one
 * of FEW_MATCHES: below it that is a few milliseconds, above it the count cost about as much as the
 * page it goes with (docs/decisions/004). A page total of thousands that lags a minute behind a new
 * post is still "about 1,500"; a total small enough to read item by item stays exact.
 * @alias
 */
export const REMEMBERED_ABOVE = FEW_MATCHES;

/**
 * Within a radius (without search text or tag) the total is exact up to this many; past it, an
 * estimate. Counting every point of a big circle in a city (a box of tens of thousands of rows,
 * each visited for its expiry and exact distance) made the count cost a hundred times the
 * nearest-first page it goes with (docs/decisions/017).
 */
export const RADIUS_EXACT_CAP = 100;
