// cn() merges with a generated table instead of tailwind-merge (docs/decisions/008-first-load-chunks.md):
// these tests hold it to the real `twMerge(clsx(...))` on the app's whole class vocabulary, and fail
// when a class was added to the source without regenerating the table.
import { readFileSync } from 'node:fs';
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERATE_COMMAND, TABLE_FILE, generateTable, scanSource, vocabulary } from '../../../scripts/class-merge-table.mjs';
import { cn } from './utils';

const reference = (...inputs: ClassValue[]) => twMerge(clsx(inputs));

/** Deterministic pseudo-random numbers (mulberry32), so a failure replays. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Collects the inputs on which cn() and twMerge(clsx()) differ (at most a few, to print). */
function mismatches(cases: Iterable<string[]>) {
  const bad: { inputs: string[]; cn: string; twMerge: string }[] = [];
  let count = 0;
  for (const inputs of cases) {
    count++;
    const ours = cn(...inputs);
    const theirs = reference(...inputs);
    if (ours !== theirs && bad.length < 10) bad.push({ inputs, cn: ours, twMerge: theirs });
  }
  return { bad, count };
}

let scan: ReturnType<typeof scanSource>;
let tokens: string[];
beforeAll(() => {
  scan = scanSource();
  tokens = vocabulary(scan.words);
});

describe('the generated class-merge table', () => {
  it('is up to date with the class names in src/client', async () => {
    const current = readFileSync(TABLE_FILE, 'utf8');
    const fresh = await generateTable(tokens);
    expect(current === fresh, `src/client/lib/class-merge-table.ts is out of date: run \`${GENERATE_COMMAND}\``).toBe(true);
  });

  it('covers the vocabulary the app actually writes', () => {
    expect(tokens.length).toBeGreaterThan(300);
    for (const t of ['px-3', 'size-4', 'inline-flex', 'grid', 'leading-none', 'border-destructive/40', 'max-w-40', 'text-sm']) {
      expect(tokens).toContain(t);
    }
  });
});

describe('cn', () => {
  it('resolves the overrides the components rely on', () => {
    expect(cn('h-11 px-5 text-sm', 'px-3')).toBe('h-11 text-sm px-3');
    expect(cn('size-4', 'size-10')).toBe('size-10');
    expect(cn('p-6', 'p-4 sm:p-6')).toBe('p-4 sm:p-6');
    expect(cn('inline-flex items-center', 'grid')).toBe('items-center grid');
    expect(cn('leading-none', 'leading-snug')).toBe('leading-snug');
    expect(cn('border border-border', 'border-destructive/40')).toBe('border border-destructive/40');
    expect(cn('max-w-full', 'max-w-40')).toBe('max-w-40');
    expect(cn('text-xs', 'text-sm')).toBe('text-sm');
    expect(cn('hover:sm:bg-muted', 'sm:hover:bg-card')).toBe('sm:hover:bg-card');
    expect(cn('[&_svg]:size-4 sm:[&_svg]:size-4', '[&_svg]:size-5')).toBe('sm:[&_svg]:size-4 [&_svg]:size-5');
    expect(cn('px-2!', 'px-3', '!px-4')).toBe('px-3 !px-4');
    expect(cn('my-widget px-2', false, null, undefined, { 'px-4': true, hidden: false }, ['my-widget'])).toBe('my-widget px-4 my-widget');
    expect(cn('  ', '')).toBe('');
  });

  it('equals twMerge(clsx()) on every ordered pair of the app’s classes', () => {
    function* pairs() {
      for (const a of tokens) for (const b of tokens) yield [a, b];
    }
    const { bad, count } = mismatches(pairs());
    expect(count).toBe(tokens.length ** 2);
    expect(bad).toEqual([]);
  });

  it('equals twMerge(clsx()) on triples with variants and important marks', () => {
    const variants = [
      '',
      '',
      '',
      'sm:',
      'md:',
      'hover:',
      'focus-visible:',
      'sm:hover:',
      'hover:sm:',
      'dark:',
      '[&_svg]:',
      'sm:[&_svg]:',
      '[&_svg]:sm:',
      'data-[state=open]:',
      'aria-[current=page]:',
      'group-hover:',
      'before:',
      'hover:before:',
      'before:hover:',
      'disabled:',
      'peer-focus:',
      'supports-[display:grid]:',
      '[&:hover]:',
    ];
    const next = random(20261124);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const decorate = (t: string) => {
      const r = next();
      const important = r < 0.05 ? `${t}!` : r < 0.08 ? `!${t}` : t;
      return pick(variants) + important;
    };
    function* triples() {
      for (let i = 0; i < 60_000; i++) {
        // Often the same variant on all three, so that conflicts come into play.
        const shared = next() < 0.5 ? pick(variants) : undefined;
        const three = [pick(tokens), pick(tokens), pick(tokens)].map((t) => (shared === undefined ? decorate(t) : shared + t));
        yield next() < 0.5 ? [three.join(' ')] : three;
      }
    }
    expect(mismatches(triples()).bad).toEqual([]);
  });

  it('equals twMerge(clsx()) on every cn() call in the source, and with any literal class string as the override', () => {
    expect(scan.cnCalls.length).toBeGreaterThan(30);
    expect(mismatches(scan.cnCalls).bad).toEqual([]);
    function* overrides() {
      for (const call of scan.cnCalls) for (const override of scan.classStrings) yield [...call, override];
    }
    expect(mismatches(overrides()).bad).toEqual([]);
  });

  it('keeps classes tailwind-merge does not know, in their place', () => {
    const next = random(7);
    const unknown = ['leaflet-container', 'my-widget', 'x', 'sidebar', ''];
    function* mixed() {
      for (let i = 0; i < 5_000; i++) {
        yield [
          tokens[Math.floor(next() * tokens.length)]!,
          unknown[Math.floor(next() * unknown.length)]!,
          tokens[Math.floor(next() * tokens.length)]!,
        ];
      }
    }
    expect(mismatches(mixed()).bad).toEqual([]);
  });
});
