import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
const LIMIT = 5;

beforeAll(async () => {
  t = await createTestApp({ ALERT_LIMIT: String(LIMIT) });
  owner = new TestClient(t.app);
  other = new TestClient(t.app);
  await owner.register(uniqueName('alertowner'));
  await other.register(uniqueName('alertother'));
});
afterAll(async () => {
  await t?.close();
});

type AlertJson = {
  id: number;
  query: string | null;
  tag: string | null;
  latitude: number | null;
  longitude: number | null;
  radiusKm: number | null;
  paused: boolean;
  createdAt: string;
  updatedAt: string;
};

async function create(client: TestClient, body: object): Promise<AlertJson> {
  const res = await client.post('/api/alerts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AlertJson>();
}
const patch = (client: TestClient, id: number, body: object) =>
  client.request({ method: 'PATCH', url: `/api/alerts/${id}`, payload: body });
const remove = (client: TestClient, id: number) => client.request({ method: 'DELETE', url: `/api/alerts/${id}` });
const list = async (client: TestClient) => (await client.get('/api/alerts')).json<AlertJson[]>();
async function clear(client: TestClient) {
  for (const a of await list(client)) expect((await remove(client, a.id)).statusCode).toBe(204);
}

describe('saved alerts API', () => {
  it('saves, lists (oldest first), edits, pauses, resumes and deletes an alert', async () => {
    const saved = await create(owner, { query: '  Bike  ', latitude: 40.7128, longitude: -74.006, radiusKm: 2.5 });
    expect(saved).toEqual({
      id: expect.any(Number),
      query: 'Bike',
      tag: null,
      latitude: 40.7128,
      longitude: -74.006,
      radiusKm: 2.5,
      paused: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await create(owner, { tag: 'Books' });
    expect((await list(owner)).map((a) => a.id)).toEqual([saved.id, second.id]);

    const edited = await patch(owner, saved.id, { query: 'bicycle', radiusKm: 10 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: saved.id, query: 'bicycle', latitude: 40.7128, radiusKm: 10, paused: false });

    expect((await patch(owner, saved.id, { paused: true })).json()).toMatchObject({ paused: true, query: 'bicycle' });
    expect((await list(owner)).find((a) => a.id === saved.id)?.paused).toBe(true);
    expect((await patch(owner, saved.id, { paused: false })).json()).toMatchObject({ paused: false });

    // Null clears a field: the place goes, the text stays.
    const placeless = await patch(owner, saved.id, { latitude: null, longitude: null, radiusKm: null });
    expect(placeless.json()).toMatchObject({ query: 'bicycle', latitude: null, longitude: null, radiusKm: null });

    expect((await remove(owner, saved.id)).statusCode).toBe(204);
    expect((await list(owner)).map((a) => a.id)).toEqual([second.id]);
    expect((await remove(owner, saved.id)).statusCode).toBe(404);
    await clear(owner);
  });

  it('drops a tag that equals the text, as the list search does', async () => {
    const a = await create(owner, { query: 'Lamp', tag: 'lamp' });
    expect(a).toMatchObject({ query: 'Lamp', tag: null });
    await clear(owner);
  });

  it('needs signing in', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/alerts')).statusCode).toBe(401);
    expect((await visitor.post('/api/alerts', { query: 'bike' })).statusCode).toBe(401);
  });

  it("shows and changes only one's own alerts: anyone else's is not found", async () => {
    const mine = await create(owner, { query: 'sofa' });
    expect(await list(other)).toEqual([]);
    const theirPatch = await patch(other, mine.id, { paused: true });
    expect(theirPatch.statusCode).toBe(404);
    expect(theirPatch.json()).toEqual({ message: 'Alert not found' });
    expect((await remove(other, mine.id)).statusCode).toBe(404);
    expect((await list(owner))[0]).toMatchObject({ id: mine.id, paused: false });
    expect((await patch(owner, 999_999, { paused: true })).statusCode).toBe(404);
    await clear(owner);
  });

  it.each([
    [{}, 'An alert needs search text, a tag or a place'],
    [{ query: '   ', tag: '' }, 'An alert needs search text, a tag or a place'],
    [{ query: null }, 'An alert needs search text, a tag or a place'],
    [{ latitude: 40, radiusKm: 5 }, 'Send both latitude and longitude, or neither'],
    [{ latitude: 40, longitude: -74 }, 'A place needs a radius (radiusKm)'],
    [{ query: 'bike', radiusKm: 5 }, 'A radius needs a place (latitude and longitude)'],
    [{ latitude: 40, longitude: -74, radiusKm: 0.4 }, 'Radius must be between 0.5 and 100 km'],
    [{ latitude: 40, longitude: -74, radiusKm: 100.5 }, 'Radius must be between 0.5 and 100 km'],
    [{ latitude: 40, longitude: -74, radiusKm: '5' }, 'Radius must be between 0.5 and 100 km'],
    [{ latitude: 90.1, longitude: -74, radiusKm: 5 }, 'Latitude must be between -90 and 90'],
    [{ latitude: 40, longitude: -180.5, radiusKm: 5 }, 'Longitude must be between -180 and 180'],
    [{ query: 'x'.repeat(201) }, 'Search text must be at most 200 characters'],
    [{ tag: 'x'.repeat(201) }, 'Search text must be at most 200 characters'],
    [{ query: 42 }, 'Search text and tag must be text'],
    [{ query: 'bike', paused: true }, 'Unrecognized key: "paused"'],
  ])('refuses %j with 400 and its reason', async (body, message) => {
    const res = await owner.post('/api/alerts', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await list(owner)).toEqual([]);
  });

  it('refuses a change that leaves no alert, or changes nothing, with 400 and keeps the alert', async () => {
    const a = await create(owner, { query: 'desk' });
    for (const [body, message] of [
      [{ query: null }, 'An alert needs search text, a tag or a place'],
      [{}, 'Send at least one field to change'],
      [{ radiusKm: 3 }, 'A radius needs a place (latitude and longitude)'],
      [{ paused: 'yes' }, 'paused must be true or false'],
    ] as const) {
      const res = await patch(owner, a.id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    expect((await list(owner))[0]).toMatchObject({ query: 'desk', paused: false });
    expect((await patch(owner, 0, { paused: true })).statusCode).toBe(400);
    expect((await owner.request({ method: 'DELETE', url: '/api/alerts/abc' })).statusCode).toBe(400);
    await clear(owner);
  });

  it(`keeps at most ALERT_LIMIT alerts per account (409 past it, with a clear message)`, async () => {
    for (let i = 0; i < LIMIT; i++) await create(owner, { query: `thing ${i}` });
    const res = await owner.post('/api/alerts', { query: 'one more' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `You can keep at most ${LIMIT} alerts: delete one to save another` });
    expect(await list(owner)).toHaveLength(LIMIT);
    // Another account has its own total.
    await create(other, { query: 'one more' });
    // Deleting one makes room again.
    await remove(owner, (await list(owner))[0]!.id);
    await create(owner, { query: 'one more' });
    await clear(owner);
    await clear(other);
  });

  it("answers in the person's language", async () => {
    const person = new TestClient(t.app);
    await person.register(uniqueName('alertes'));
    expect((await person.request({ method: 'PUT', url: '/api/me/language', payload: { language: 'es' } })).statusCode).toBe(200);
    const res = await person.post('/api/alerts', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Una alerta necesita un texto de búsqueda, una etiqueta o un lugar' });
  });
});
