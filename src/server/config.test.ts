import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      pgliteDir: path.resolve('./data/pglite'),
      seedDemo: true,
      secureCookies: false,
      admin: undefined,
    });
  });

  it('turns demo content off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u:p@db:5432/share',
      DATA_DIR: '/var/lib/share',
      PUBLIC_URL: 'https://share.example.org/',
      ADMIN_USERNAME: 'root_admin',
      ADMIN_PASSWORD: 'long-enough-password',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u:p@db:5432/share',
      dataDir: '/var/lib/share',
      publicUrl: 'https://share.example.org',
      secureCookies: true,
      admin: { username: 'root_admin', password: 'long-enough-password' },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together'],
    [{ ADMIN_USERNAME: 'b', ADMIN_PASSWORD: 'secret-pw' }, 'ADMIN_USERNAME'],
    [{ NODE_ENV: 'production', ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short-pw' }, 'at least 12 characters in production'],
    [{ S3_BUCKET: 'images' }, 'S3_PUBLIC_URL'],
    [{ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ ITEM_TTL_DAYS: '0' }, 'ITEM_TTL_DAYS'],
  ])('refuses %j with a message naming the problem', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});
