// The start-up order is declared by each plugin (fastify-plugin names, dependencies and decorators)
// and enforced by Fastify at registration: a plugin registered too early stops the start with the
// name of what it is missing.
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { demoContentPlugin } from '../demo/seed.js';
import { csrfPlugin } from './csrf.js';
import { databasePlugin } from './database.js';
import { sessionsPlugin } from './session.js';
import { smsPlugin } from './sms.js';
import { storagePlugin } from './storage.js';

const bare = () => {
  const app = Fastify({ logger: false });
  app.decorate('config', loadConfig({ NODE_ENV: 'test' }));
  return app;
};

describe('plugins refuse to start before what they need', () => {
  it('sessions need the database and the cookie parser', async () => {
    await expect(bare().register(sessionsPlugin).ready()).rejects.toThrow(
      "The dependency 'database' of plugin 'sessions' is not registered",
    );
  });

  it('CSRF tokens need the cookie parser, and then start', async () => {
    await expect(bare().register(csrfPlugin).ready()).rejects.toThrow(
      "The dependency '@fastify/cookie' of plugin 'csrf' is not registered",
    );
    const app = bare().register(fastifyCookie).register(csrfPlugin);
    await app.ready();
    expect(typeof app.csrf.check).toBe('function');
    await app.close();
  });

  it('the demo content needs the database and the storage', async () => {
    await expect(bare().register(demoContentPlugin).ready()).rejects.toThrow(
      "The dependency 'database' of plugin 'demo-content' is not registered",
    );
  });

  it.each([
    ['database', databasePlugin],
    ['storage', storagePlugin],
    ['sms', smsPlugin],
  ] as const)('%s needs the config', async (name, plugin) => {
    await expect(Fastify({ logger: false }).register(plugin).ready()).rejects.toThrow(
      `The decorator 'config' required by '${name}' is not present`,
    );
  });
});
