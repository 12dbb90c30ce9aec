#!/usr/bin/env node
// The JavaScript budget of /browse (docs/performance.md): what a visitor's browser must
// fetch before /browse can show its list, gzipped, at most 135 kB (1 kB = 1000 bytes, as Vite
// counts). Computed from the build's manifest, not by hand: the entry chunk and its static
// imports, plus the /browse page chunk (a lazy route, fetched at once on that path) and its static
// imports. The map (Leaflet) and the EXIF
// reader must not be in that set: they load only when used. Runs after every `vite build`, so
// `npm run build` reports it and `npm test` (CI) fails above the budget.
//
//   node scripts/bundle-budget.mjs [--budget-kb N] [--dir dist/client]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DEFAULT_BUDGET_KB = 135;
const PAGE = 'pages/browse-page.tsx';
// Modules that must load only when used: a chunk holding one of them fails the check.
const LAZY_ONLY = [
  { what: 'the map (Leaflet)', test: (key, chunk) => /leaflet/i.test(key) || /leaflet/i.test(chunk.name ?? '') },
  { what: 'the EXIF reader (exifr)', test: (key, chunk) => /exifr/i.test(key) || /exifr/i.test(chunk.src ?? '') },
];

function option(name, fallback) {
  const at = process.argv.indexOf(name);
  return at > 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
}

/** Manifest keys of `start` and everything it imports statically, in load order, each once. */
function staticClosure(manifest, start, seen = new Set()) {
  if (seen.has(start)) return seen;
  const chunk = manifest[start];
  if (!chunk) throw new Error(`The build manifest has no entry ${start}`);
  seen.add(start);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

const dir = option('--dir', 'dist/client');
const budgetKb = Number(option('--budget-kb', process.env.BUNDLE_BUDGET_KB ?? DEFAULT_BUDGET_KB));
const manifestFile = path.join(dir, '.vite', 'manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`bundle budget: ${manifestFile} is missing: build the client first (vite build, with build.manifest on).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) {
  console.error('bundle budget: the manifest names no entry chunk.');
  process.exit(1);
}

const keys = staticClosure(manifest, PAGE, staticClosure(manifest, entry));
const row = (key) => {
  const { file } = manifest[key];
  const bytes = readFileSync(path.join(dir, file));
  return { key, file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const rows = [...keys].map(row);
// The texts of the first page: the `core` catalogue bundle of the page's language (scripts/vite-locales.mjs),
// fetched before the first render. Counted in the largest language, the one a visitor may get.
const coreCatalogues = Object.keys(manifest)
  .filter((key) => /virtual:catalogue\/[^/]+\/core$/.test(key))
  .map(row)
  .sort((a, b) => b.gzip - a.gzip);
if (coreCatalogues.length === 0) {
  console.error('bundle budget: the build has no core catalogue (virtual:catalogue/<language>/core).');
  process.exit(1);
}
rows.push({ ...coreCatalogues[0], file: `${coreCatalogues[0].file} (${coreCatalogues[0].key.split('/').at(-2)} texts)` });
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);
const kb = (n) => (n / 1000).toFixed(1);

console.log(`\nJavaScript loaded by /browse before any map is shown (budget ${budgetKb} kB gzipped):`);
const width = Math.max(...rows.map((r) => r.file.length));
for (const r of rows) console.log(`  ${r.file.padEnd(width)}  ${kb(r.raw).padStart(7)} kB  ${kb(r.gzip).padStart(6)} kB gzip`);
console.log(`  ${'total'.padEnd(width)}  ${kb(rows.reduce((s, r) => s + r.raw, 0)).padStart(7)} kB  ${kb(total).padStart(6)} kB gzip`);

const problems = [];
for (const { key } of rows) {
  for (const rule of LAZY_ONLY)
    if (rule.test(key, manifest[key])) problems.push(`${manifest[key].file} holds ${rule.what}, which must load only when used.`);
}
if (total > budgetKb * 1000) problems.push(`${kb(total)} kB gzipped is over the budget of ${budgetKb} kB.`);
if (problems.length > 0) {
  for (const p of problems) console.error(`bundle budget FAILED: ${p}`);
  process.exit(1);
}
console.log(`bundle budget: ${kb(total)} kB of ${budgetKb} kB, ok; the map and the EXIF reader stay out.\n`);
