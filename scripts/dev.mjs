#!/usr/bin/env node
// `npm run dev`: the API server (recompiled and restarted on change) on port 3001 and Vite with hot
// reload on port 3000, forwarding /api to the server. Open http://localhost:3000.
import { spawn, spawnSync } from 'node:child_process';

const children = [];
const start = (cmd, args, env = {}) => {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code && code !== 0) stop(code);
  });
};
const stop = (code = 0) => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());

const first = spawnSync('npx', ['tsc', '-p', 'tsconfig.server.json'], { stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);
start('npx', ['tsc', '-p', 'tsconfig.server.json', '--watch', '--preserveWatchOutput']);
start('node', ['--watch', 'dist/server/main.js'], { PORT: process.env.API_PORT ?? '3001' });
start('npx', ['vite', '--port', process.env.PORT ?? '3000'], { VITE_API_TARGET: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}` });
