#!/usr/bin/env node
// The import rules of the layout (README, Layout; docs/decisions/001-one-package-three-sides.md), checked on every file:
//   src/shared imports nothing from src/client or src/server;
//   src/server and src/client never import each other;
//   a client feature never imports another feature;
//   nothing imports from src/client/pages but the router;
//   nothing in src/server/db or src/server/plugins imports a server feature (features build on them);
//   a server feature never imports another feature's repository (its service, or src/server/users, instead).
// An optional argument names another src folder to check (the rules' own test uses one).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const src = process.argv[2] ? path.resolve(process.argv[2]) : path.join(root, 'src');
const problems = [];

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const importRe = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveSpec(file, spec) {
  if (spec.startsWith('@/')) return path.join(src, 'client', spec.slice(2));
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  return undefined; // a package
}

const rel = (p) => path.relative(src, p).split(path.sep);

for (const file of walk(src)) {
  const from = rel(file);
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(importRe)) {
    const spec = m[1] ?? m[2];
    const target = resolveSpec(file, spec);
    if (!target) continue;
    const to = rel(target);
    const where = `${path.relative(root, file)} imports ${spec}`;
    if (from[0] === 'shared' && to[0] !== 'shared') problems.push(`${where}: src/shared may import only src/shared`);
    if (from[0] === 'server' && to[0] === 'client') problems.push(`${where}: the server may not import client code`);
    if (from[0] === 'client' && to[0] === 'server') problems.push(`${where}: the client may not import server code`);
    if (from[0] === 'server' && to[0] === 'server' && to[1] === 'features') {
      if (from[1] === 'db' || from[1] === 'plugins') problems.push(`${where}: src/server/${from[1]} may not import a feature`);
      const isRepository = to[3]?.replace(/\.(js|ts)$/, '') === 'repository';
      if (from[1] === 'features' && from[2] !== to[2] && isRepository) {
        problems.push(`${where}: a feature may not import another feature's repository (use its service or src/server/users)`);
      }
    }
    if (from[0] === 'client' && to[0] === 'client') {
      if (from[1] === 'features' && to[1] === 'features' && from[2] !== to[2]) {
        problems.push(`${where}: client features may not import each other`);
      }
      const isRouter = from[1] === 'app' && from[2]?.startsWith('router');
      if (to[1] === 'pages' && from[1] !== 'pages' && !isRouter) problems.push(`${where}: only the router imports pages`);
    }
  }
}

if (problems.length) {
  console.error(`Import rules broken (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Import rules: ok');
