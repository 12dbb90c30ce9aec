import { Redis } from 'ioredis';

/**
 * Tests that need a Redis server. In CI (the CI variable set, as `.ci/run` is run) they always run,
 * so a Redis that does not answer fails them instead of passing silently; on a machine without
 * Redis outside CI they are skipped, and the skipped suite's title says why.
 */
const inCi = !!process.env.CI && !['0', 'false'].includes(process.env.CI.toLowerCase());

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {}); // a refused connection is the answer, already caught below
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export interface RedisGate {
  /** Redis answered a PING. */
  answers: boolean;
  /** Skip the suite: Redis does not answer and this is not CI. */
  skip: boolean;
  /** The suite's title: says so when it is skipped, or when CI will fail it. */
  title(what: string): string;
  /** What the suite's `beforeAll` throws when Redis does not answer (in CI). */
  failure: string;
}

export async function redisGate(url: string): Promise<RedisGate> {
  const answers = await redisAnswers(url);
  const note = answers
    ? ''
    : inCi
      ? ` (Redis does not answer at ${url}: CI needs it, so this fails)`
      : ` (skipped: no Redis answers at ${url}; skipped outside CI only, with CI set this fails)`;
  return {
    answers,
    skip: !answers && !inCi,
    title: (what) => `${what}${note}`,
    failure: `Redis does not answer at ${url}; start one or point the test at one (see the README's test-only variables)`,
  };
}
