// The built server refuses to start in production with a demo or missing secret (or without its public address), naming it.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createScratchDatabase, PG_SERVER_URL, PORT_BASE, startServer } from './support.js';

it.each([
  // Absolute links would otherwise come from the Host header a request chooses.
  [{ PUBLIC_URL: '' }, 'PUBLIC_URL: is needed in production'],
  [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: true would believe any X-Forwarded-For a client sends'],
  [{ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'demo-password' }, 'ADMIN_PASSWORD: is the demo password'],
  [{ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD: must be at least 12 characters in production'],
  [{ SEED_DEMO: 'true' }, 'SEED_DEMO: demo content and its demo admin are never added in production'],
  [{ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+15550100' }, 'TWILIO_AUTH_TOKEN is needed with SMS_PROVIDER=twilio'],
  [
    { S3_BUCKET: 'images', S3_PUBLIC_URL: 'https://cdn.example.org', S3_ACCESS_KEY_ID: 'AKIA1' },
    'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
  ],
])('production with %j exits 1 and says why', async (env, message) => {
  const error = await startServer(PORT_BASE + 5, env).then(
    async (server) => {
      await server.stop();
      return 'it started';
    },
    (err: Error) => err.message,
  );
  expect(error).toMatch(/server exited with 1 before it was ready/);
  expect(error).toContain(message);
  expect(error).toContain('See the Configuration section of README.md');
});

const environOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');

it('scripts/start.sh runs the server in its own place (same pid) with one malloc arena and a 1 GiB JavaScript heap, so it does not warn about it', async () => {
  const server = await startServer(PORT_BASE + 5, { NODE_OPTIONS: '--no-warnings' });
  try {
    const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline.at(-2)).toMatch(/dist\/server\/main\.js$/);
    expect(environOf(server.pid)).toContain('MALLOC_ARENA_MAX=1');
    // docs/decisions/034-javascript-heap-limit.md: the operator's own options are kept.
    expect(environOf(server.pid)).toContain('NODE_OPTIONS=--no-warnings --max-old-space-size=1024');
    expect(server.output()).not.toContain('MALLOC_ARENA_MAX');
    expect(server.output()).not.toContain('heap limit');
  } finally {
    await server.stop();
  }
});

it('a production server started without scripts/start.sh warns that it lacks one malloc arena and a heap limit, and how to start it', async () => {
  const server = await startServer(PORT_BASE + 5, {}, { bare: true });
  try {
    expect(server.output()).toContain('MALLOC_ARENA_MAX is not set');
    expect(server.output()).toContain('No JavaScript heap limit is set');
    expect(server.output()).toContain('set NODE_OPTIONS=--max-old-space-size=1024');
  } finally {
    await server.stop();
  }
});

it('scripts/start.sh keeps a JavaScript heap limit the operator set in NODE_OPTIONS', async () => {
  const server = await startServer(PORT_BASE + 5, { NODE_OPTIONS: '--max-old-space-size=2048' });
  try {
    expect(environOf(server.pid)).toContain('NODE_OPTIONS=--max-old-space-size=2048');
    expect(server.output()).not.toContain('heap limit');
  } finally {
    await server.stop();
  }
});

it('production refuses a database seeded in development while the demo accounts keep the demo password, naming them and the way out', async () => {
  const db = await createScratchDatabase(PG_SERVER_URL, 'system_demo_password');
  try {
    const dev = await startServer(PORT_BASE + 5, { DATABASE_URL: db.url, NODE_ENV: 'development', SEED_DEMO: 'true' });
    await dev.stop();
    const error = await startServer(PORT_BASE + 5, { DATABASE_URL: db.url }).then(
      async (server) => {
        await server.stop();
        return 'it started';
      },
      (err: Error) => err.message,
    );
    expect(error).toMatch(/server exited with 1 before it was ready/);
    expect(error).toContain('admin, alice, bob, carmen: these accounts still have the demo password (demo-password, printed in README.md)');
    expect(error).toContain('set ADMIN_USERNAME=admin and an ADMIN_PASSWORD of your own (or run npm run admin:create -- --username admin)');
    expect(error).toContain('See the Configuration section of README.md');
  } finally {
    await db.drop();
  }
});
