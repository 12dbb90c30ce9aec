import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { DEMO_PASSWORD } from './demo/seed.js';

const PUBLIC_URL = 'https://share.example.org';

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

  it('scheduled backups: off by default; BACKUP_DIR with its period and count; a bad value stops the start', () => {
    expect(loadConfig({}).backup).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: 'backups' }).backup).toEqual({ dir: path.resolve('backups'), everyHours: 24, keep: 7 });
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '28' }).backup).toEqual({
      dir: '/b',
      everyHours: 6,
      keep: 28,
    });
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP: BACKUP_KEEP must be above 0');
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: 'daily' })).toThrow('BACKUP_EVERY_HOURS: BACKUP_EVERY_HOURS must be a whole number');
    expect(() => loadConfig({ BACKUP_EVERY_HOURS: '9000' })).toThrow(ConfigError);
  });

  it('reads DATABASE_REPLICA_URL as a comma-separated list of PostgreSQL addresses, only beside DATABASE_URL', () => {
    const DATABASE_URL = 'postgres://app@db1:5432/share';
    expect(loadConfig({ DATABASE_URL }).databaseReplicaUrls).toEqual([]);
    expect(
      loadConfig({ DATABASE_URL, DATABASE_REPLICA_URL: 'postgres://app@db2/share, postgresql://app@db3/share' }).databaseReplicaUrls,
    ).toEqual(['postgres://app@db2/share', 'postgresql://app@db3/share']);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://app@db2/share' })).toThrow(
      'DATABASE_REPLICA_URL: read replicas need DATABASE_URL (their primary)',
    );
    expect(() => loadConfig({ DATABASE_URL, DATABASE_REPLICA_URL: 'postgres://app@db2/share,mysql://db3' })).toThrow(
      'DATABASE_REPLICA_URL: each address must start with postgres:// or postgresql://',
    );
  });

  it('reads SHUTDOWN_DRAIN_SECONDS as 0 to 60 seconds, 0 by default', () => {
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '2' }).shutdownDrainMs).toBe(2000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '61' })).toThrow('SHUTDOWN_DRAIN_SECONDS: SHUTDOWN_DRAIN_SECONDS must be 0 to 60');
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '1.5' })).toThrow('SHUTDOWN_DRAIN_SECONDS must be a whole number');
  });

  it('turns demo content off in production, and refuses to turn it on there', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL, SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: demo content and its demo admin are never added in production/,
    );
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  describe('production refuses a demo or well-known admin password', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL, ADMIN_USERNAME: 'site_admin' };
    it.each([
      DEMO_PASSWORD,
      'Demo-Password',
      'password123!',
      'CHANGE_ME_NOW',
      'administrator',
      '123456789012',
      'aaaaaaaaaaaaaa',
      'Site-Admin!!',
    ])('%s', (password) => {
      expect(() => loadConfig({ ...production, ADMIN_PASSWORD: password })).toThrow(
        /ADMIN_PASSWORD: is the demo password, a well-known default or the user name/,
      );
    });

    it('accepts a password of its own, and the demo password outside production', () => {
      expect(loadConfig({ ...production, ADMIN_PASSWORD: 'e2e-admin-password' }).admin).toEqual({
        username: 'site_admin',
        password: 'e2e-admin-password',
      });
      expect(loadConfig({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: DEMO_PASSWORD }).admin?.password).toBe(DEMO_PASSWORD);
    });
  });

  it('production takes only host names of push services (https on port 443); a whole origin is for tests', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL };
    expect(loadConfig({ ...production, PUSH_ENDPOINT_HOSTS: 'fcm.googleapis.com, push.example.org' }).push.endpointHosts).toEqual([
      'fcm.googleapis.com',
      'push.example.org',
    ]);
    for (const entry of ['http://127.0.0.1:9000', 'https://push.example.org:8443', '10.0.0.1', 'push.example.org:443']) {
      expect(() => loadConfig({ ...production, PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,${entry}` }), entry).toThrow(
        /PUSH_ENDPOINT_HOSTS: in production only push services' host names/,
      );
    }
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: 'http://127.0.0.1:9000' }).push.endpointHosts).toEqual(['http://127.0.0.1:9000']);
  });

  it('production needs PUBLIC_URL; elsewhere it may stay unset', () => {
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://share.example.org/' }).publicUrl).toBe('http://share.example.org');
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }).publicUrl).toBeUndefined();
  });

  describe('TRUST_PROXY', () => {
    it.each([
      [undefined, false],
      ['false', false],
      ['0', false],
      ['off', false],
      ['1', 1],
      ['2', 2],
      ['10.0.0.0/8,127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
      [' 10.0.0.0/8 , ::1, fd00::/8 ', ['10.0.0.0/8', '::1', 'fd00::/8']],
      ['192.0.2.5', ['192.0.2.5']],
    ])('%j is %j', (value, expected) => {
      expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
    });

    it.each(['true', 'TRUE', 'yes', 'on'])(
      'refuses %j: it would trust the address a client writes, and says to give a hop count',
      (value) => {
        expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
        expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
          /TRUST_PROXY: true would believe any X-Forwarded-For a client sends; give the number of proxies in front of the app \(TRUST_PROXY=1/,
        );
      },
    );

    it.each(['11', '-1', '1.5', 'proxy.local', '10.0.0.0/33', '10.0.0/8', '10.0.0.1,', '::1/129', '10.0.0.0/8/1'])(
      'refuses %j with a message naming it',
      (value) => {
        expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: /);
      },
    );
  });

  it('mail: SMTP_URL, MAIL_FROM (by default the public host) and MAIL_OUTBOX_FILE; bad values name the variable', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'ShareNearby <no-reply@localhost>', outboxFile: undefined });
    expect(loadConfig({ PUBLIC_URL, SMTP_URL: 'smtps://u:p@mail.example.org:465', MAIL_OUTBOX_FILE: 'out.jsonl' }).mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.org:465',
      from: 'ShareNearby <no-reply@share.example.org>',
      outboxFile: path.resolve('out.jsonl'),
    });
    expect(loadConfig({ MAIL_FROM: 'Town Share <hello@town.example>' }).mail.from).toBe('Town Share <hello@town.example>');
    for (const SMTP_URL of ['http://mail.example.org', 'mail.example.org:25', 'smtp:']) {
      expect(() => loadConfig({ SMTP_URL })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    }
    for (const MAIL_FROM of ['nobody', 'Share <no at all>', 'a@b\nBcc: x@y.org']) {
      expect(() => loadConfig({ MAIL_FROM })).toThrow(/MAIL_FROM: must be an address/);
    }
  });

  it('notification retries: 30 s doubling up to an hour by default; NOTIFICATION_RETRY_BASE_MS and NOTIFICATION_RETRY_MAX_MS change both', () => {
    expect(loadConfig({}).notifications).toMatchObject({ retryBaseMs: 30_000, maxRetryMs: 3_600_000 });
    expect(loadConfig({ NOTIFICATION_RETRY_BASE_MS: '1000', NOTIFICATION_RETRY_MAX_MS: '10000' }).notifications).toMatchObject({
      retryBaseMs: 1000,
      maxRetryMs: 10_000,
    });
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
    [{ NODE_ENV: 'production', PUBLIC_URL, ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short-pw' }, 'at least 12 characters in production'],
    [{ NODE_ENV: 'production' }, 'PUBLIC_URL: is needed in production'],
    [
      { NODE_ENV: 'production', PUBLIC_URL: '', ADMIN_USERNAME: 'site_admin', ADMIN_PASSWORD: 'a-long-own-password' },
      'PUBLIC_URL: is needed in production',
    ],
    [{ S3_BUCKET: 'images' }, 'S3_PUBLIC_URL'],
    [{ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png' }, 'MAP_TILE_URL'],
    [{ MAP_SEARCH_MAX_ITEMS: '0' }, 'MAP_SEARCH_MAX_ITEMS'],
    [{ MAP_SEARCH_MAX_ITEMS: 'many' }, 'MAP_SEARCH_MAX_ITEMS'],
    [{ ITEM_TTL_DAYS: '0' }, 'ITEM_TTL_DAYS'],
    [{ NOTIFICATION_RETRY_BASE_MS: '50' }, 'NOTIFICATION_RETRY_BASE_MS'],
    [{ NOTIFICATION_RETRY_MAX_MS: 'an hour' }, 'NOTIFICATION_RETRY_MAX_MS'],
    [{ NOTIFICATION_RETRY_BASE_MS: '20000', NOTIFICATION_RETRY_MAX_MS: '10000' }, 'must be at least NOTIFICATION_RETRY_BASE_MS'],
    [{ SESSION_MAX_AGE_DAYS: '0' }, 'SESSION_MAX_AGE_DAYS'],
    [{ SESSION_MAX_AGE_DAYS: 'a month' }, 'SESSION_MAX_AGE_DAYS'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'a token with spaces in it, long enough' }, 'METRICS_TOKEN'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
    [
      { S3_BUCKET: 'images', S3_PUBLIC_URL: 'https://cdn.example.org', S3_ACCESS_KEY_ID: 'AKIA123' },
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together',
    ],
    [{ S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
    [
      { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_FROM: '+15550100' },
      'TWILIO_AUTH_TOKEN is needed with SMS_PROVIDER=twilio',
    ],
  ])('refuses %j with a message naming the problem', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });
});
