/**
 * Settings of every PostgreSQL session the app opens (primary and replicas). JIT off: the app's
 * queries are short index reads, but at ten million items the planner's cost of a search passes
 * jit_above_cost, and compiling the plan then took 350 of a 386 ms query that ran in 34 ms without it
 * (docs/performance.md, "The cost curve"). PostgreSQL's documentation: JIT pays for long, CPU-bound
 * queries, not for short ones.
 */
export const SESSION_OPTIONS = '-c jit=off';
