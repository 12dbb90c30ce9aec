#!/usr/bin/env node
// Generates src/client/lib/class-merge-table.ts, the conflict table that `cn()` (src/client/lib/utils.ts)
// uses instead of shipping tailwind-merge to the browser (docs/decisions/008-first-load-chunks.md).
//
// Tailwind generates CSS only for class names written literally in the source, so the app's class
// vocabulary is finite: this script scans every string literal and template piece of
// src/client/**/*.{ts,tsx}, splits it on whitespace, strips the variants (`sm:`, `hover:`,
// `[&_svg]:` ...) and the important mark (`!`) the way tailwind-merge parses a class, and keeps the
// base utilities that tailwind-merge knows. Then it asks the real tailwind-merge, for every ordered pair
// (a, b) of them, whether `twMerge('a b')` drops `a`, and writes that relation compactly: tokens that
// are dropped by the same tokens share a group, and each token lists the groups it drops.
//
//   npm run gen:class-merge          write the table
//   node scripts/class-merge-table.mjs --check   exit 1 if the table is out of date
//
// Importable (tests): `generateTable()` resolves to the module text, `scanSource()` the scan.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';
import { getDefaultConfig, twMerge } from 'tailwind-merge';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLIENT_DIR = path.join(root, 'src', 'client');
export const TABLE_FILE = path.join(CLIENT_DIR, 'lib', 'class-merge-table.ts');
export const GENERATE_COMMAND = 'npm run gen:class-merge';

/** Source files scanned: the client's TypeScript, without tests and without the generated table. */
function sourceFiles(dir = CLIENT_DIR) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) {
      if (full !== TABLE_FILE) files.push(full);
    }
  }
  return files.sort();
}

/** Splits a class into its variants and base the way tailwind-merge's parseClassName does. */
export function splitClass(className) {
  const modifiers = [];
  let bracketDepth = 0;
  let parenDepth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (bracketDepth === 0 && parenDepth === 0 && c === ':') {
      modifiers.push(className.slice(start, i));
      start = i + 1;
      continue;
    }
    if (c === '[') bracketDepth++;
    else if (c === ']') bracketDepth--;
    else if (c === '(') parenDepth++;
    else if (c === ')') parenDepth--;
  }
  let base = className.slice(start);
  let important = false;
  if (base.endsWith('!')) {
    base = base.slice(0, -1);
    important = true;
  } else if (base.startsWith('!')) {
    base = base.slice(1);
    important = true;
  }
  return { modifiers, base, important };
}

/**
 * The scan: every whitespace-separated word of every string literal and template piece (`words`),
 * the string pieces of every `cn(...)` call (`cnCalls`), and every literal holding whitespace-separated
 * words (`classStrings`, candidates for a className passed to a component).
 */
export function scanSource() {
  const words = new Set();
  const cnCalls = [];
  const classStrings = new Set();
  for (const file of sourceFiles()) {
    const text = readFileSync(file, 'utf8');
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
    const stringsIn = (node, out) => {
      if (
        ts.isStringLiteral(node) ||
        ts.isNoSubstitutionTemplateLiteral(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)
      ) {
        out.push(node.text);
      }
      ts.forEachChild(node, (child) => stringsIn(child, out));
    };
    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'cn') {
        const pieces = [];
        for (const arg of node.arguments) stringsIn(arg, pieces);
        cnCalls.push(pieces);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    const all = [];
    stringsIn(sf, all);
    for (const s of all) {
      const parts = s.split(/\s+/).filter(Boolean);
      for (const w of parts) words.add(w);
      if (parts.length > 1) classStrings.add(parts.join(' '));
    }
  }
  return { words: [...words].sort(), cnCalls, classStrings: [...classStrings].sort() };
}

/** The base utilities of the scanned words that tailwind-merge knows (a known class conflicts with itself). */
export function vocabulary(words = scanSource().words) {
  const bases = new Set();
  for (const w of words) {
    const { base } = splitClass(w);
    if (base && !/\s/.test(base) && twMerge(`${base} ${base}`) === base) bases.add(base);
  }
  return [...bases].sort();
}

/** The module text of src/client/lib/class-merge-table.ts for the given vocabulary (formatted as the repo's Prettier does). */
export async function generateTable(tokens = vocabulary()) {
  const n = tokens.length;
  // droppedBy[i]: the j for which twMerge(`${tokens[i]} ${tokens[j]}`) drops tokens[i].
  const droppedBy = tokens.map((a) => {
    const row = [];
    for (let j = 0; j < n; j++) {
      const merged = twMerge(`${a} ${tokens[j]}`);
      if (merged !== `${a} ${tokens[j]}`) {
        if (merged !== tokens[j]) throw new Error(`unexpected merge of "${a} ${tokens[j]}": "${merged}"`);
        row.push(j);
      }
    }
    return row;
  });
  // Group: the tokens dropped by exactly the same tokens.
  const groupOf = new Map();
  const group = droppedBy.map((row) => {
    const sig = row.join(',');
    if (!groupOf.has(sig)) groupOf.set(sig, groupOf.size);
    return groupOf.get(sig);
  });
  // What each token drops, as groups (the same for every member of a group, by construction).
  const dropSets = tokens.map(() => new Set());
  droppedBy.forEach((row, i) => row.forEach((j) => dropSets[j].add(group[i])));
  const drops = dropSets.map((gs) => [...gs].sort((x, y) => x - y));
  // Kinds: (group, drops) pairs, each with its tokens.
  const kinds = new Map();
  tokens.forEach((t, i) => {
    const key = `${group[i]}|${drops[i].join(',')}`;
    if (!kinds.has(key)) kinds.set(key, { group: group[i], drops: drops[i], tokens: [] });
    kinds.get(key).tokens.push(t);
  });
  const rows = [...kinds.values()].sort((x, y) => x.group - y.group || x.drops.join().localeCompare(y.drops.join()));
  const lines = rows.map((k) => `  ${JSON.stringify(`${k.group}|${k.drops.join(',')}|${k.tokens.join(' ')}`)},`);
  const sensitive = getDefaultConfig().orderSensitiveModifiers;
  const text = `// GENERATED by scripts/class-merge-table.mjs from the class names in src/client: do not edit.
// Run \`${GENERATE_COMMAND}\` after adding a Tailwind class (src/client/lib/utils.test.ts checks it).
// Each row: "group|groups it drops|tokens". A token is dropped by a later token with the same variants
// when the later token's row lists the earlier token's group (as tailwind-merge decides).

/** Variants whose position matters (tailwind-merge's orderSensitiveModifiers). */
export const ORDER_SENSITIVE = ${JSON.stringify(sensitive.join(' '))};

export const ROWS: string[] = [
${lines.join('\n')}
];
`;
  const options = await prettier.resolveConfig(TABLE_FILE);
  return prettier.format(text, { ...options, filepath: TABLE_FILE });
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const text = await generateTable();
  if (process.argv.includes('--check')) {
    const current = readFileSync(TABLE_FILE, 'utf8');
    if (current !== text) {
      console.error(`class-merge table: ${path.relative(root, TABLE_FILE)} is out of date: run ${GENERATE_COMMAND}`);
      process.exit(1);
    }
    console.log('class-merge table: up to date');
  } else {
    writeFileSync(TABLE_FILE, text);
    console.log(`class-merge table: wrote ${path.relative(root, TABLE_FILE)} (${text.length} bytes)`);
  }
}
