#!/usr/bin/env node
// drizzle/meta/*_snapshot.json against src/server/db/schema.ts.
//
//   node scripts/db-snapshot.mjs --check   Runs `drizzle-kit generate` on a copy of drizzle/ in a temporary
//                                          folder and fails when it would write a migration: schema.ts and the
//                                          latest snapshot differ (the server suite runs this, db/drift.test.ts).
//   node scripts/db-snapshot.mjs           After a migration written by hand (which has no snapshot): writes the
//                                          snapshot of schema.ts as the latest migration's snapshot, so the
//                                          check passes again. Nothing else in drizzle/ changes.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const drizzleDir = path.join(root, 'drizzle');
const check = process.argv.includes('--check');

export const HOW_TO_FIX = [
  'src/server/db/schema.ts and the latest snapshot in drizzle/meta differ. Either:',
  '  - you changed schema.ts: add the migration (npm run db:generate, or by hand as below), or',
  '  - you wrote a migration by hand (drizzle/NNNN_name.sql and its _journal.json entry) and changed',
  '    schema.ts to match: run `node scripts/db-snapshot.mjs` to write drizzle/meta/NNNN_snapshot.json, commit it,',
  '    and run this check again (`node scripts/db-snapshot.mjs --check`). If it still lists statements,',
  '    schema.ts does not describe what your migration does.',
].join('\n');

const work = mkdtempSync(path.join(os.tmpdir(), 'drizzle-snapshot-'));
try {
  const out = path.join(work, 'drizzle');
  cpSync(drizzleDir, out, { recursive: true });
  const before = new Set(readdirSync(out));
  const kit = path.join(root, 'node_modules/drizzle-kit/bin.cjs');
  // drizzle-kit takes these paths relative to its working folder (it prefixes './').
  const schema = path.relative(work, path.join(root, 'src/server/db/schema.ts'));
  const run = spawnSync(
    process.execPath,
    [kit, 'generate', '--dialect', 'postgresql', '--schema', schema, '--out', 'drizzle', '--name', 'snapshot_check'],
    {
      cwd: work,
      encoding: 'utf8',
      timeout: 120_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const added = readdirSync(out).filter((name) => !before.has(name) && name.endsWith('.sql'));
  // It answers 0 even when it fails: only its words or a new file say that it ran.
  const ranClean = run.status === 0 && (added.length > 0 || /No schema changes/i.test(run.stdout));
  if (!ranClean) {
    console.error(`drizzle-kit generate did not run (${run.status ?? run.signal}):\n${run.stdout}\n${run.stderr}`);
    process.exit(2);
  }
  if (check) {
    if (added.length === 0) {
      console.log('Schema and migration snapshots: in step');
      process.exit(0);
    }
    console.error(`${HOW_TO_FIX}\n\nWhat drizzle-kit would generate:\n${readFileSync(path.join(out, added[0]), 'utf8')}`);
    process.exit(1);
  }

  if (added.length === 0) {
    console.log('The latest snapshot already matches schema.ts: nothing to do.');
    process.exit(0);
  }
  // The snapshot drizzle-kit just wrote describes schema.ts; it becomes the latest migration's.
  const journal = JSON.parse(readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8'));
  const latest = journal.entries.at(-1);
  const generatedName = added[0].replace(/\.sql$/, '');
  const generated = JSON.parse(readFileSync(path.join(out, 'meta', `${generatedName.slice(0, 4)}_snapshot.json`), 'utf8'));
  const target = path.join(drizzleDir, 'meta', `${String(latest.idx).padStart(4, '0')}_snapshot.json`);
  if (readdirSync(path.join(drizzleDir, 'meta')).includes(path.basename(target))) {
    // Overwriting it would hide changes to schema.ts that no migration makes.
    console.error(`${latest.tag} already has its snapshot: schema.ts has changes no migration makes. Write the migration first.`);
    process.exit(1);
  }
  writeFileSync(target, `${JSON.stringify(generated, null, 2)}\n`);
  console.log(`Wrote ${path.relative(root, target)} (the snapshot of schema.ts, after ${latest.tag}).`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
