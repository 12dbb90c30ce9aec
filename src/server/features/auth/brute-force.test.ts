import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages.js';
import { loadConfig } from '../../config.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { redisGate } from '../../test/redis.js';

/**
 * Brute force (issue 7, ASVS 2.2.1): login, the reset request, the reset and the phone code are
 * limited per address and per account; with Redis the counts are shared by every app process.
 */

const LIMIT = 3;
let ipCounter = 0;
/** A new client address each time (TEST-NET-2). */
const nextIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;

interface Target {
  name: string;
  /** Status of one attempt before any limit is reached. */
  before: number;
  /** Makes an account to aim at; answers a function that sends one attempt from an address. */
  account(t: TestApp): Promise<(ip: string, variant: number) => Promise<{ statusCode: number; json(): { message: string }; headers: Record<string, unknown> }>>;
}

const targets: Target[] = [
  {
    name: 'POST /api/login (per username, any letter case)',
    before: 401,
    account: async (t) => {
      const username = uniqueName('Victim');
      await new TestClient(t.app, nextIp()).register(username, 'right-password');
      return (ip, variant) =>
        new TestClient(t.app, ip).post('/api/login', { username: variant % 2 ? username.toUpperCase() : ` ${username}`, password: `guess-${variant}` });
    },
  },
  {
    name: 'POST /api/request-reset (per username)',
    before: 200,
    account: async (t) => {
      const username = uniqueName('reset');
      return (ip, variant) => new TestClient(t.app, ip).post('/api/request-reset', { username: variant % 2 ? username.toUpperCase() : username });
    },
  },
  {
    name: 'POST /api/reset-password (per username)',
    before: 400,
    account: async (t) => {
      const username = uniqueName('reset');
      await new TestClient(t.app, nextIp()).register(username, 'right-password');
      return (ip, variant) =>
        new TestClient(t.app, ip).post('/api/reset-password', { username, code: String(100000 + variant), newPassword: 'new-password' });
    },
  },
  {
    name: 'POST /api/me/phone/verify (per signed-in user)',
    before: 400,
    account: async (t) => {
      const owner = new TestClient(t.app, nextIp());
      await owner.register(uniqueName('phone'));
      return async (ip, variant) => (await owner.fork(ip)).post('/api/me/phone/verify', { code: String(100000 + variant) });
    },
  },
];

// One app limits per account only, the other per address only, so each test shows one limit.
let perAccount: TestApp;
let perAddress: TestApp;
beforeAll(async () => {
  [perAccount, perAddress] = await Promise.all([
    createTestApp({ ACCOUNT_RATE_LIMIT_MAX: String(LIMIT), ACCOUNT_RATE_LIMIT_WINDOW_SECONDS: '900' }),
    createTestApp({ AUTH_RATE_LIMIT_MAX: String(LIMIT) }),
  ]);
});
afterAll(async () => {
  await Promise.all([perAccount?.close(), perAddress?.close()]);
});

describe.each(targets)('$name', (target) => {
  it(`answers 429 once one account has had ${LIMIT} attempts, from however many addresses`, async () => {
    const attempt = await target.account(perAccount);
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await attempt(nextIp(), i)).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(target.before), 429]);
    const refused = await attempt(nextIp(), 99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(new RegExp(`^${MSG.tooManyRequests} \\(in 1[45] minutes\\)$`));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // Another account, from a new address, is not affected.
    expect((await (await target.account(perAccount))(nextIp(), 0)).statusCode).toBe(target.before);
  });

  it(`answers 429 once one address has made ${LIMIT} attempts, at however many accounts`, async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await (await target.account(perAddress))(ip, i)).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(target.before), 429]);
    expect((await (await target.account(perAddress))(ip, 0)).json().message).toMatch(new RegExp(`^${MSG.tooManyRequests}`));
    // Another address is not affected.
    expect((await (await target.account(perAddress))(nextIp(), 0)).statusCode).toBe(target.before);
  });
});

describe('the per-account limit', () => {
  it('allows 20 attempts per account in 15 minutes by default: a few mistyped passwords lock no one out', () => {
    expect(loadConfig({}).accountRateLimit).toEqual({ max: 20, windowMs: 15 * 60 * 1000 });
    expect(loadConfig({}).rateLimitNamespace).toBe('rl:');
  });

  it('counts a right password too, but a person who mistypes a few times still signs in', async () => {
    const username = uniqueName('typo');
    await new TestClient(perAccount.app, nextIp()).register(username, 'right-password');
    for (let i = 0; i < LIMIT - 1; i++) {
      expect((await new TestClient(perAccount.app).post('/api/login', { username, password: 'rihgt-password' })).statusCode).toBe(401);
    }
    expect((await new TestClient(perAccount.app).post('/api/login', { username, password: 'right-password' })).statusCode).toBe(200);
  });
});

// ---- Shared between app processes through Redis ----

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const gate = await redisGate(redisUrl);

describe.skipIf(gate.skip)(gate.title(`with Redis (${redisUrl}): two app processes share the counts`), () => {
  // A namespace of this run's own, so parallel runs (and other apps on this Redis) never collide.
  const namespace = `test-${process.pid}-${randomBytes(4).toString('hex')}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!gate.answers) throw new Error(gate.failure);
    const env = { REDIS_URL: redisUrl, RATE_LIMIT_NAMESPACE: namespace, ACCOUNT_RATE_LIMIT_MAX: String(LIMIT), AUTH_RATE_LIMIT_MAX: String(LIMIT) };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    if (!gate.answers) return;
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${namespace}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('attempts at one account through one app count in the other', async () => {
    const username = uniqueName('shared');
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const app = i % 2 ? b : a;
      codes.push((await new TestClient(app.app, nextIp()).post('/api/login', { username, password: `guess-${i}` })).statusCode);
    }
    expect(codes).toEqual([...Array(LIMIT).fill(401), 429]);
    expect((await new TestClient(a.app, nextIp()).post('/api/login', { username, password: 'guess' })).statusCode).toBe(429);
  });

  it('attempts from one address through one app count in the other', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const app = i % 2 ? b : a;
      codes.push((await new TestClient(app.app, ip).post('/api/login', { username: uniqueName('many'), password: 'guess' })).statusCode);
    }
    expect(codes).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  it('keeps its keys under the configured namespace', async () => {
    const redis = new Redis(redisUrl);
    try {
      expect((await redis.keys(`${namespace}*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});
