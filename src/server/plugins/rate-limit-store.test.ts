// The shared rate limits while Redis does not answer: they count in this process (never not at
// all), and in Redis again once it answers. With Redis really away: a REDIS_URL where nothing
// listens, and a Redis server of the test's own stopped mid-run and started again.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../test/harness.js';
import { freePort, hasRedisServer, type OwnRedis, startOwnRedis } from '../test/redis.js';

const LIMIT = 3;
const env = { AUTH_RATE_LIMIT_MAX: String(LIMIT) };
let ipCounter = 0;
/** A new client address each time (TEST-NET-3). */
const nextIp = () => `203.0.113.${(++ipCounter % 250) + 1}`;

/** Wrong passwords for one account from one address: the status of each answer. */
async function wrongPasswords(t: TestApp, username: string, ip: string, times: number): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < times; i++)
    codes.push((await new TestClient(t.app, ip).post('/api/login', { username, password: `guess-${i}` })).statusCode);
  return codes;
}

async function appWithAccount(extra: Record<string, string>): Promise<{ t: TestApp; username: string }> {
  const t = await createTestApp({ ...env, ...extra });
  const username = uniqueName('limited');
  await new TestClient(t.app, nextIp()).register(username, 'right-password');
  return { t, username };
}

describe('with REDIS_URL where nothing listens', () => {
  let t: TestApp;
  let username: string;
  beforeAll(async () => {
    ({ t, username } = await appWithAccount({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` }));
  });
  afterAll(() => t?.close());

  it('wrong passwords beyond the limit get 429', async () => {
    expect(await wrongPasswords(t, username, nextIp(), LIMIT + 2)).toEqual([...Array(LIMIT).fill(401), 429, 429]);
  });
});

describe.skipIf(!hasRedisServer && !process.env.CI)('with a Redis that stops mid-run and starts again (redis-server of its own)', () => {
  let redis: OwnRedis;
  let t: TestApp;
  let username: string;
  beforeAll(async () => {
    redis = await startOwnRedis();
    ({ t, username } = await appWithAccount({ REDIS_URL: redis.url }));
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });
  /** Redis's count of an address at the login route (the plugin's keys end in the address). */
  const countInRedis = async (ip: string) => {
    const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      const [key] = await client.keys(`*/api/login-${ip}`);
      return key ? Number(await client.get(key)) : 0;
    } finally {
      client.disconnect();
    }
  };

  it('counts in Redis, in this process while Redis is down, and in Redis again once it answers', async () => {
    const first = nextIp();
    expect(await wrongPasswords(t, username, first, LIMIT + 1)).toEqual([...Array(LIMIT).fill(401), 429]);
    expect(await countInRedis(first)).toBe(LIMIT + 1);

    await redis.stop();
    expect(await wrongPasswords(t, username, nextIp(), LIMIT + 1)).toEqual([...Array(LIMIT).fill(401), 429]);

    await redis.start();
    // The app reconnects by itself (ioredis backs off up to 2 s): an address's attempts count in Redis again.
    const deadline = Date.now() + 15_000;
    let again = nextIp();
    while ((await wrongPasswords(t, username, again, 1)) && (await countInRedis(again)) === 0) {
      if (Date.now() > deadline) throw new Error('the app did not count in Redis again within 15 s of its restart');
      again = nextIp();
    }
    expect(await wrongPasswords(t, username, again, LIMIT)).toEqual([...Array(LIMIT - 1).fill(401), 429]);
    expect(await countInRedis(again)).toBe(LIMIT + 1);
  });
});
