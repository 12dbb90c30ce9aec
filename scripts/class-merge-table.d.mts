/** src/client/lib/class-merge-table.ts, the generated table. */
export const TABLE_FILE: string;
/** The command that regenerates the table. */
export const GENERATE_COMMAND: string;
/** Splits a class into its variants, base utility and important mark, as tailwind-merge parses it. */
export function splitClass(className: string): { modifiers: string[]; base: string; important: boolean };
/** The client source's words, the string pieces of each `cn(...)` call, and its multi-word literals. */
export function scanSource(): { words: string[]; cnCalls: string[][]; classStrings: string[] };
/** The base utilities among the words that tailwind-merge knows. */
export function vocabulary(words?: string[]): string[];
/** The text of the generated table module for the vocabulary. */
export function generateTable(tokens?: string[]): Promise<string>;
