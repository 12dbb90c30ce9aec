#!/usr/bin/env node
// `npm run lint`: ESLint (with the import rules of the layout), the catalogues' check, the format
// check, the type check and knip (unused files, exports and dependencies: knip.json names the entry
// points). ESLint runs beside the other four, which run one after another: each
// uses one core, so on two cores the whole takes about as long as ESLint alone. Each one's output
// is printed in one piece when it ends; the exit code is the first failure's.
import { spawn } from 'node:child_process';

const script = (name) => ['npm', ['run', '--silent', name]];
const lanes = [[script('eslint')], [script('check:i18n'), script('format:check'), script('typecheck'), script('knip')]];

function run([cmd, args]) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      process.stdout.write(`\n> ${cmd} ${args.join(' ')}\n${out}`);
      resolve(code ?? 1);
    });
  });
}

async function lane(steps) {
  for (const step of steps) {
    const code = await run(step);
    if (code !== 0) return code;
  }
  return 0;
}

const codes = await Promise.all(lanes.map(lane));
process.exit(codes.find((c) => c !== 0) ?? 0);
