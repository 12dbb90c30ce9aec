// SIGTERM: the request in flight finishes, new ones are refused, the process exits with 0.
import http from 'node:http';
import { expect, it } from 'vitest';
import { imageOf } from '../../src/server/test/images.js';
import { HttpClient, PORT_BASE, queryDirect, serverOnScratchDatabase, sleep } from './support.js';

const state = serverOnScratchDatabase('system_shutdown', PORT_BASE + 1);

/** A POST whose body is sent in two halves: the caller decides when the second half goes. */
function slowPost(url: string, headers: Record<string, string>, body: string) {
  const data = Buffer.from(body);
  const half = Math.floor(data.length / 2);
  let finish!: () => void;
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-type': 'application/json', 'content-length': String(data.length) } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      },
    );
    req.on('error', reject);
    req.write(data.subarray(0, half));
    finish = () => req.end(data.subarray(half));
  });
  return { response, finish: () => finish() };
}

it('finishes the request in flight, refuses new ones and exits with 0', async () => {
  const { server, db } = state;
  const user = new HttpClient(server.url);
  await user.register(`shutdown_${Date.now() % 100000}`);
  // A photo first, then the item that uses it: its body is half sent when SIGTERM arrives.
  const warmItem = await user.postItem(await imageOf('png'), 'Warm-up lamp');
  const imageUrl = (await (await user.get(`/api/items/${warmItem}`)).json()).imageUrl as string;
  const title = `Item posted during shutdown ${Date.now()}`;
  const slow = slowPost(
    `${server.url}/api/items`,
    { cookie: user.cookieHeader(), 'x-csrf-token': user.csrfToken! },
    JSON.stringify({ title, description: 'Sent while the server is asked to stop', imageUrl, latitude: 40.7, longitude: -74, tags: [] }),
  );
  await sleep(300);

  const termAt = Date.now();
  server.child.kill('SIGTERM');
  await sleep(500);
  expect(server.child.exitCode).toBeNull();

  // A new connection is refused (or, if it gets through before the listener closes, answered 503).
  const fresh = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(3000) }).then(
    (r) => r.status,
    (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message,
  );
  expect([503, 'ECONNREFUSED']).toContain(fresh);

  // The request in flight completes, with the database still there for it.
  slow.finish();
  const answer = await slow.response;
  const answeredAt = Date.now();
  expect(answer.status).toBe(201);
  const rows = await queryDirect<{ n: number }>(db.url, 'select count(*)::int as n from items where title = $1', [title]);
  expect(rows[0]!.n).toBe(1);

  // Then the process ends on its own, cleanly and soon (not when the keep-alive connection idles out).
  const code = await Promise.race([server.exited, sleep(8000).then(() => 'still running')]);
  expect(code).toBe(0);
  expect(Date.now() - answeredAt).toBeLessThan(3000);
  console.log(`shutdown: exited with 0, ${Date.now() - answeredAt} ms after the last answer (${Date.now() - termAt} ms after SIGTERM)`);
  expect(server.output()).not.toMatch(/"level":(50|60)/);
});
