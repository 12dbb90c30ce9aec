// docs/configuration.md must list every environment variable the server reads: the keys of the
// config schema (src/server/config.ts) and those main.ts reads itself. The files are read as text,
// so the schema needs no export for this.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

/** The keys of `envSchema`'s object: the lines `    NAME: z...` between its start and `.superRefine`. */
function schemaKeys(source: string): string[] {
  const start = source.indexOf('const envSchema = z');
  const end = source.indexOf('.superRefine(', start);
  if (start === -1 || end === -1) throw new Error('config.ts: envSchema ... .superRefine( not found; update this test');
  return [...source.slice(start, end).matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/** The variables a source file reads as `process.env.NAME`. */
const processEnvReads = (source: string) => [...source.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);

/** The variables docs/configuration.md lists: the first cell of a table row, `| \`NAME\` |`. */
function documented(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!));
}

describe('docs/configuration.md', () => {
  const docs = documented(read('../../docs/configuration.md'));

  it('lists every variable of the config schema', () => {
    const keys = schemaKeys(read('./config.ts'));
    // A parse that found nothing would pass without checking anything.
    expect(keys.length).toBeGreaterThan(50);
    expect(keys).toContain('DATABASE_URL');
    expect(keys.filter((key) => !docs.has(key))).toEqual([]);
  });

  it('lists the variables main.ts reads itself', () => {
    const reads = processEnvReads(read('./main.ts'));
    expect(reads).toContain('MALLOC_ARENA_MAX');
    expect(reads.filter((key) => !docs.has(key))).toEqual([]);
  });
});
