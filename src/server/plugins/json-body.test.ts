import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../test/harness.js';
import { JSON_DEPTH_MAX, jsonTooDeep } from './json-body.js';

let t: TestApp;
let me: TestClient;

const arrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const objects = (levels: number) => `${'{"":'.repeat(levels)}1${'}'.repeat(levels)}`;
const postJson = (client: TestClient, url: string, payload: string) =>
  client.request({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  t = await createTestApp();
  me = new TestClient(t.app);
  await me.register(uniqueName('deep'));
});
afterAll(async () => {
  await t?.close();
});

describe('the depth of JSON bodies', () => {
  it('refuses 50,000 nested arrays and 20,000 nested objects with 400 and a message, and does nothing', async () => {
    // POST /api/logout reads no body: before the limit, any JSON was parsed and the session ended.
    for (const payload of [arrays(50_000), objects(20_000)]) {
      const res = await postJson(me, '/api/logout', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: `The request body nests arrays and objects too deeply (at most ${JSON_DEPTH_MAX} levels)` });
      expect((await me.get('/api/user')).statusCode).toBe(200);
    }
    // Refused before anything else looks at the request, a visitor's included (in their language).
    const es = await new TestClient(t.app).request({
      method: 'POST',
      url: '/api/notes',
      payload: arrays(50_000),
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
    });
    expect(es.statusCode).toBe(400);
    expect(es.json<{ message: string }>().message).toBe(
      `El cuerpo de la solicitud anida listas y objetos demasiado (como máximo ${JSON_DEPTH_MAX} niveles)`,
    );
  });

  it(`takes ${JSON_DEPTH_MAX} levels and refuses ${JSON_DEPTH_MAX + 1}`, async () => {
    const over = await postJson(me, '/api/logout', arrays(JSON_DEPTH_MAX + 1));
    expect(over.statusCode).toBe(400);
    expect(over.json<{ message: string }>().message).toMatch(/too deeply/);
    expect((await me.get('/api/user')).statusCode).toBe(200);
    // At the limit the body is parsed as before: a route that wants an object says so.
    const notes = await postJson(me, '/api/notes', `{"content":${arrays(JSON_DEPTH_MAX - 1)}}`);
    expect(notes.statusCode).toBe(400);
    expect(notes.json<{ message: string }>().message).not.toMatch(/too deeply/);
    expect((await postJson(me, '/api/logout', objects(JSON_DEPTH_MAX))).statusCode).toBe(204);
  });

  it('does not count brackets inside strings, escaped quotes included; other JSON rules stand', async () => {
    const client = new TestClient(t.app);
    await client.register(uniqueName('brackets'));
    const content = `${'[{'.repeat(100)}\\"${'['.repeat(100)}`;
    const res = await postJson(client, '/api/notes', `{"content":"${content}","visibility":"private"}`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ content: string }>().content).toBe(content.replace('\\"', '"'));
    for (const payload of ['{"content": ', '{"__proto__": {"isAdmin": true}, "content": "x"}']) {
      const bad = await postJson(client, '/api/notes', payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toBeTruthy();
    }
  });

  it('counts without recursion, exactly for valid JSON', () => {
    expect(jsonTooDeep(arrays(1_000_000), 64)).toBe(true);
    expect(jsonTooDeep(arrays(64), 64)).toBe(false);
    expect(jsonTooDeep(arrays(65), 64)).toBe(true);
    expect(jsonTooDeep(`[${'[]'.repeat(1000)}]`, 2)).toBe(false);
    expect(jsonTooDeep(`["\\\\", [[]]]`, 2)).toBe(true); // an escaped backslash ends before the quote
    expect(jsonTooDeep(`["\\"[[[", []]`, 2)).toBe(false);
  });
});
