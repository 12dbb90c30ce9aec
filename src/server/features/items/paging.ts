/**
 * The page a list answers: the one asked for, or the last one when that is past the end (its items
 * vanished, or a hand-typed `?page=99`); page 1 when there are none.
 */
export const pageWithin = (asked: number, total: number, limit: number) => Math.min(asked, Math.max(1, Math.ceil(total / limit)));

/**
 * Pagination of a page of a list. The total may be a lower bound (an estimate below what the page
 * proves exists): it is raised to what is seen, never beyond.
 */
export function paginationOf(
  page: number,
  limit: number,
  shown: number,
  hasNextPage: boolean,
  count: { total: number; estimate?: boolean },
) {
  const total = Math.max(count.total, (page - 1) * limit + shown + (hasNextPage ? 1 : 0));
  return {
    currentPage: page,
    totalPages: Math.ceil(total / limit),
    total,
    hasPrevPage: page > 1,
    hasNextPage,
    ...(count.estimate ? { totalIsEstimate: true } : {}),
  };
}
