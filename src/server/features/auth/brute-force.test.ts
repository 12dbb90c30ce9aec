import { createHmac, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.js';
import { loadConfig } from '../../config.js';
import { getSecret } from '../../db/secrets.js';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { redisGate } from '../../test/redis.js';
import { en } from '../../test/texts.js';

/**
 * Brute force (ASVS 2.2.1): login, the reset request, the reset and the phone code are
 * limited per address and per account; with Redis the counts are shared by every app process.
 */

const LIMIT = 3;
let ipCounter = 0;
/** A new client address each time (TEST-NET-2). */
const nextIp = () => `198.51.100.${(++ipCounter % 250) + 1}`;

type Attempt = (
  ip: string,
  variant: number,
) => Promise<{ statusCode: number; json(): { message: string }; headers: Record<string, unknown> }>;

interface Target {
  name: string;
  /** Status of one attempt before any limit is reached. */
  before: number;
  /** Makes an account to aim at (a reset needs none made); answers a function that sends one attempt from an address. */
  account(t: TestApp): Attempt | Promise<Attempt>;
}

const targets: Target[] = [
  {
    name: 'POST /api/login (per username, any letter case)',
    before: 401,
    account: async (t) => {
      const username = uniqueName('Victim');
      await new TestClient(t.app, nextIp()).register(username, 'right-password');
      return (ip, variant) =>
        new TestClient(t.app, ip).post('/api/login', {
          username: variant % 2 ? username.toUpperCase() : ` ${username}`,
          password: `guess-${variant}`,
        });
    },
  },
  {
    name: 'POST /api/request-reset (per username)',
    before: 200,
    account: (t) => {
      const username = uniqueName('reset');
      return (ip, variant) =>
        new TestClient(t.app, ip).post('/api/request-reset', { username: variant % 2 ? username.toUpperCase() : username });
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
    expect(refused.json().message).toMatch(new RegExp(`^${en(MSG.tooManyRequests)} \\(in 1[45] minutes\\)$`));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
    // Another account, from a new address, is not affected.
    expect((await (await target.account(perAccount))(nextIp(), 0)).statusCode).toBe(target.before);
  });

  it(`answers 429 once one address has made ${LIMIT} attempts, at however many accounts`, async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await (await target.account(perAddress))(ip, i)).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(target.before), 429]);
    expect((await (await target.account(perAddress))(ip, 0)).json().message).toMatch(new RegExp(`^${en(MSG.tooManyRequests)}`));
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

describe('behind a reverse proxy that appends to X-Forwarded-For', () => {
  // The proxy's own address (TEST-NET-3) and the one client behind it that keeps guessing.
  const PROXY = '203.0.113.10';
  const CLIENT = '192.0.2.77';
  let oneHop: TestApp;
  let listed: TestApp;
  beforeAll(async () => {
    [oneHop, listed] = await Promise.all([
      createTestApp({ AUTH_RATE_LIMIT_MAX: String(LIMIT), TRUST_PROXY: '1' }),
      createTestApp({ AUTH_RATE_LIMIT_MAX: String(LIMIT), TRUST_PROXY: '203.0.113.0/24, 127.0.0.1' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([oneHop?.close(), listed?.close()]);
  });

  /** One login attempt as the proxy forwards it: whatever the client wrote, then the address the proxy saw. */
  const throughProxy = (app: TestApp, written: string, client = CLIENT) =>
    new TestClient(app.app, PROXY).request({
      method: 'POST',
      url: '/api/login',
      payload: { username: uniqueName('any'), password: 'guess-guess' },
      headers: { 'x-forwarded-for': `${written}, ${client}` },
    });

  it.each([
    ['TRUST_PROXY=1', () => oneHop],
    ['TRUST_PROXY=203.0.113.0/24,127.0.0.1', () => listed],
  ])('%s: a client rotating the X-Forwarded-For it sends still meets the per-address login limit', async (_name, app) => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) codes.push((await throughProxy(app(), `${nextIp()}, 10.9.${i}.1`)).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    expect((await throughProxy(app(), nextIp())).json().message).toMatch(new RegExp(`^${en(MSG.tooManyRequests)}`));
    // Another client behind the same proxy is not affected.
    expect((await throughProxy(app(), CLIENT, '192.0.2.78')).statusCode).toBe(401);
  });

  it('with proxy addresses listed, X-Forwarded-For from anyone else is ignored: a direct client is counted by its own address', async () => {
    const direct = '192.0.2.99';
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      const res = await new TestClient(listed.app, direct).request({
        method: 'POST',
        url: '/api/login',
        payload: { username: uniqueName('any'), password: 'guess-guess' },
        headers: { 'x-forwarded-for': nextIp() },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  // Some proxies write the client's address with its port; each connection has another port.
  const spellings = (n: number) => [
    (port: number) => `192.0.2.${n}:${port}`,
    (port: number) => `[::ffff:192.0.2.${n}]:${port}`,
    () => `::FFFF:192.0.2.${n}`,
    (port: number) => `[2001:DB8:${n}:0:0:0:0:1]:${port}`,
    (port: number) => `[2001:db8:${n}::1]:${port}`,
    () => `2001:0db8:00${n}:0000:0000:0000:0000:0001`,
  ];
  it.each([
    ['TRUST_PROXY=1', () => oneHop],
    ['TRUST_PROXY=203.0.113.0/24,127.0.0.1', () => listed],
  ])(
    '%s: 20 wrong passwords from one client written with varying ports (ip:port, [v6]:port) are limited as from one address',
    async (_name, app) => {
      for (const [n, v4, v6] of [
        [61, 0, 3],
        [62, 1, 4],
        [63, 2, 5],
      ] as const) {
        const spelled = spellings(n);
        const codes: number[] = [];
        // An IPv4 client and an IPv6 one behind the same proxy, in turns: LIMIT each, then 429.
        for (let i = 0; i < 20; i++)
          codes.push((await throughProxy(app(), nextIp(), spelled[i % 2 === 0 ? v4 : v6]!(40_000 + i))).statusCode);
        expect(codes).toEqual([...Array(2 * LIMIT).fill(401), ...Array(20 - 2 * LIMIT).fill(429)]);
        // Every spelling of their addresses stays limited; another client is not.
        for (const spelling of spelled) expect((await throughProxy(app(), nextIp(), spelling(41_000))).statusCode).toBe(429);
        expect((await throughProxy(app(), nextIp(), `192.0.2.${n + 100}:41000`)).statusCode).toBe(401);
      }
    },
  );

  it('a second trusted proxy that writes the first one with a port is still a proxy: the client behind them is counted', async () => {
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      codes.push((await throughProxy(listed, nextIp(), `192.0.2.90:${50_000 + i}, 203.0.113.11:${443 + i}`)).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(401), 429, 429]);
    expect((await throughProxy(listed, nextIp(), `192.0.2.91:50000, 203.0.113.11:443`)).statusCode).toBe(401);
  });
});

// ---- Lockouts that cannot be lifted by others, and the owner's known devices ----

describe('a lockout stays until its window ends', () => {
  it('flooding the limiter with 5,000 other usernames keeps the lock (POST /api/reset-password)', async () => {
    const attempt = await targets.find((x) => x.name.startsWith('POST /api/reset-password'))!.account(perAccount);
    for (let i = 0; i < LIMIT; i++) await attempt(nextIp(), i);
    expect((await attempt(nextIp(), 50)).statusCode).toBe(429);
    // 5,000 attempts at other names, from 250 addresses (each within its per-address limit).
    for (let batch = 0; batch < 100; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          new TestClient(perAccount.app, nextIp()).post('/api/reset-password', {
            username: `flood_${batch}_${i}`,
            code: '123456',
            newPassword: 'new-password',
          }),
        ),
      );
      expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    }
    const still = await attempt(nextIp(), 51);
    expect(still.statusCode).toBe(429);
    // The lock's 15 minutes run from the first refusal; the flood takes a minute or more on a busy machine.
    const message = still.json().message;
    expect(message).toMatch(new RegExp(`^${en(MSG.tooManyRequests)} \\(in \\d+ minutes\\)$`));
    const minutes = /\(in (\d+) minutes\)$/.exec(message)?.[1];
    expect(Number(minutes)).toBeGreaterThanOrEqual(10);
    expect(Number(minutes)).toBeLessThanOrEqual(15);
  }, 240_000);
});

describe('device cookies: the owner still signs in while strangers have the account locked', () => {
  /** An account, the browser it was made in (a known device), and the lock strangers put on it. */
  async function lockedAccount() {
    const username = uniqueName('Owner');
    const device = new TestClient(perAccount.app, nextIp());
    await device.register(username, 'right-password');
    expect(device.cookies.get('device')).toMatch(/^[\w-]{22}\.[1-9]\d*\.[\w-]{43}$/);
    for (let i = 0; i < LIMIT; i++) await new TestClient(perAccount.app, nextIp()).post('/api/login', { username, password: `guess-${i}` });
    const stranger = await new TestClient(perAccount.app, nextIp()).post('/api/login', { username, password: 'right-password' });
    expect(stranger.statusCode).toBe(429);
    return { username, device };
  }
  const login = (c: TestClient, username: string, password = 'right-password') => c.post('/api/login', { username, password });

  it('a known device signs in during the lock (any letter case), and again after that', async () => {
    const { username, device } = await lockedAccount();
    const before = device.cookies.get('device');
    const res = await login(device, username.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username });
    // Each sign-in gives the device a new cookie, with a fresh budget.
    expect(device.cookies.get('device')).not.toBe(before);
    expect((await login(device, username)).statusCode).toBe(200);
  });

  it('an unknown device does not, even with the right password', async () => {
    const { username } = await lockedAccount();
    const res = await login(new TestClient(perAccount.app, nextIp()), username);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(new RegExp(`^${en(MSG.tooManyRequests)}`));
  });

  it("a forged, altered or other user's device cookie gives nothing", async () => {
    const { username, device } = await lockedAccount();
    const genuine = device.cookies.get('device')!;
    const [id, userId, signature] = genuine.split('.') as [string, string, string];
    const otherDevice = new TestClient(perAccount.app, nextIp());
    await otherDevice.register(uniqueName('other'), 'right-password');
    const forgeries = [
      `${id}.${userId}.${'A'.repeat(43)}`,
      `${'B'.repeat(22)}.${userId}.${signature}`,
      `${id.slice(0, -1)}${id.endsWith('A') ? 'B' : 'A'}.${userId}.${signature}`,
      // Another account named in the cookie, or none (the older form's signature does not cover the id).
      `${id}.${Number(userId) + 1}.${signature}`,
      `${id}.${signature}`,
      `${id}.${userId}.${signature}.x`,
      otherDevice.cookies.get('device')!,
      'garbage',
      '',
    ];
    for (const value of forgeries) {
      const c = new TestClient(perAccount.app, nextIp());
      c.cookies.set('device', value);
      expect((await login(c, username)).statusCode).toBe(429);
    }
    // The other user's device is known for that user only.
    expect((await login(otherDevice, username)).statusCode).toBe(429);
  });

  it('a device cookie of the older form (id and signature, no account id) still counts at sign-in', async () => {
    const { username } = await lockedAccount();
    const id = randomBytes(16).toString('base64url');
    const signature = createHmac('sha256', await getSecret(perAccount.app.db, 'device-cookie'))
      .update(`${username.toLowerCase()}:${id}`)
      .digest('base64url');
    const old = new TestClient(perAccount.app, nextIp());
    old.cookies.set('device', `${id}.${signature}`);
    expect((await login(old, username)).statusCode).toBe(200);
  });

  it('a known device has a smaller budget of its own; spent, it is refused like any other browser while the account is locked', async () => {
    const { username, device } = await lockedAccount();
    // A quarter of the account's budget, at least one: here one attempt.
    expect((await login(device, username, 'wrong-password')).statusCode).toBe(401);
    expect((await login(device, username, 'right-password')).statusCode).toBe(429);
  });

  it('the signing secret is made once per database, the same for every caller', async () => {
    const [a, b] = await Promise.all([getSecret(perAccount.app.db, 'test-secret'), getSecret(perAccount.app.db, 'test-secret')]);
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(b).toBe(a);
    expect(await getSecret(perAccount.app.db, 'test-secret')).toBe(a);
    expect(await getSecret(perAccount.app.db, 'another-secret')).not.toBe(a);
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
    const env = {
      REDIS_URL: redisUrl,
      RATE_LIMIT_NAMESPACE: namespace,
      ACCOUNT_RATE_LIMIT_MAX: String(LIMIT),
      AUTH_RATE_LIMIT_MAX: String(LIMIT),
    };
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
