/**
 * Settings of every PostgreSQL session the app opens (primary and replicas).
 *
 * JIT off: the app's queries are short index reads, but at ten million items the planner's cost of
 * a search passes jit_above_cost, and compiling the plan then took 350 of a 386 ms query that ran in
 * 34 ms without it (docs/performance.md, "The cost curve"). PostgreSQL's documentation: JIT pays for
 * long, CPU-bound queries, not for short ones.
 *
 * No parallel workers: a request's query is a few milliseconds, and a Gather starts its workers
 * (processes of the server) for each run. The map's per-cell read planned one for the items past
 * their expiry (estimated at 28,000, none in fact): 8 of its 13 ms were the workers' start, and at 32
 * connections the requests' workers compete with the requests themselves for the same cores (map
 * clusters over a continent: p50 442 ms with workers; see docs/performance.md). Concurrency comes
 * from the many requests, one core each.
 */
export const SESSION_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';
