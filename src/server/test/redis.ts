import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
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

/** Whether this machine has `redis-server` to start a Redis of a test's own. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A port nothing listens on at the moment (the system's choice of a free one). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface OwnRedis {
  url: string;
  /** Stops the server (as an outage would: every connection closes); resolves when it has exited. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves when it answers. */
  start(): Promise<void>;
}

/**
 * A Redis server of a test's own, on a free port and keeping nothing on disk, which the test can stop
 * and start again mid-run (the shared one at REDIS_URL must stay up for everyone else).
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  if (!hasRedisServer) throw new Error('redis-server is not installed (Debian: apt-get install redis-server)');
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const own: OwnRedis = {
    url,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      const deadline = Date.now() + 10_000;
      while (!(await redisAnswers(url))) {
        if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      await new Promise((resolve) => running.once('exit', resolve).kill('SIGTERM'));
    },
  };
  await own.start();
  return own;
}
