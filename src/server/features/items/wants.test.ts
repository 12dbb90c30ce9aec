import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';
import { jpegWithGps } from '../../test/images.js';
import { alertsMatchingItem } from '../alerts/service.js';

// Offers and wants (docs/decisions/023-offers-and-wants.md): items carry `type`; a want's photo is
// optional; wants have no promise or hand-over; GET /api/items filters by type.

let t: TestApp;
let owner: TestClient;
let asker: TestClient;
let visitor: TestClient;
let shade = 0;

const NYC = { latitude: 40.7128, longitude: -74.006 };

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_LIMIT_PER_HOUR: '100', UPLOAD_LIMIT_PER_DAY: '100' });
  owner = new TestClient(t.app);
  await owner.register(uniqueName('wants_owner'));
  asker = new TestClient(t.app);
  await asker.register(uniqueName('wants_asker'));
  visitor = new TestClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function upload(client = owner): Promise<string> {
  const res = await client.upload([{ data: await jpegWithGps(300, 200, { r: 9, g: 99, b: ++shade }) }]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().imageUrl as string;
}

type Item = { id: number; type: string; imageUrl: string; images: string[]; thumbnailUrl: string; status: string };

async function post(body: Record<string, unknown>, client = owner) {
  return client.post('/api/items', {
    title: 'Looking for a crib',
    description: 'A cot or crib for a newborn, any condition.',
    ...NYC,
    tags: ['Furniture'],
    ...body,
  });
}
async function posted(body: Record<string, unknown>): Promise<Item> {
  const res = await post(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Item>();
}
const patch = (id: number, payload: object, client = owner) => client.request({ method: 'PATCH', url: `/api/items/${id}`, payload });
const listed = async (query: string) => (await visitor.get(`/api/items?${query}`)).json<{ items: Item[]; pagination: { total: number } }>();

describe('posting offers and wants', () => {
  it('a want may have no photo: it is stored and answered with type want and no images', async () => {
    const want = await posted({ type: 'want' });
    expect(want).toMatchObject({ type: 'want', imageUrl: '', thumbnailUrl: '', images: [] });
    const detail = (await visitor.get(`/api/items/${want.id}`)).json<Item>();
    expect(detail).toMatchObject({ type: 'want', images: [] });
  });

  it('a want may have photos too', async () => {
    const url = await upload();
    expect(await posted({ type: 'want', images: [url] })).toMatchObject({ type: 'want', imageUrl: url, images: [url] });
  });

  it('an offer still needs a photo, and type offer is the default', async () => {
    const res = await post({ title: 'A crib' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Image URL is required');
    const explicit = await post({ type: 'offer', images: [] });
    expect(explicit.statusCode).toBe(400);
    expect(explicit.json().message).toBe('An item has from 1 to 6 photos');
    const offer = await posted({ title: 'A crib', imageUrl: await upload() });
    expect(offer.type).toBe('offer');
  });

  it.each([['wanted'], [''], [1], [null], [['want']]])('type %j is refused with 400 and nothing is stored', async (type) => {
    const before = (await owner.get('/api/me/items')).json().pagination.total;
    const res = await post({ type, imageUrl: await upload() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('type must be offer or want');
    expect((await owner.get('/api/me/items')).json().pagination.total).toBe(before);
  });
});

describe('GET /api/items?type=', () => {
  let word: string;
  let offerId: number;
  let wantId: number;
  beforeAll(async () => {
    word = uniqueName('zebrastroller');
    offerId = (await posted({ title: `Offered ${word}`, imageUrl: await upload() })).id;
    wantId = (await posted({ title: `Wanted ${word}`, type: 'want' })).id;
  });

  it('absent: both; offer: only offers; want: only wants (with search, place, radius and order)', async () => {
    const ids = async (q: string) => (await listed(q)).items.map((i) => i.id).sort();
    const search = `query=${word}&tag=${word}`;
    expect(await ids(search)).toEqual([offerId, wantId].sort());
    expect(await ids(`${search}&type=offer`)).toEqual([offerId]);
    expect(await ids(`${search}&type=want`)).toEqual([wantId]);
    const near = `${search}&lat=40.71&lng=-74.0&radiusKm=5`;
    expect(await ids(`${near}&type=want`)).toEqual([wantId]);
    expect(await ids(`${near}&type=want&sort=newest`)).toEqual([wantId]);
    expect(await ids(`${near}&type=offer`)).toEqual([offerId]);
    // Plain lists (no search) too: every listed item has the type asked for, and the totals add up.
    const all = (await listed('limit=50')).pagination.total;
    const wants = await listed('type=want&limit=50');
    const offers = await listed('type=offer&limit=50');
    expect(wants.items.every((i) => i.type === 'want')).toBe(true);
    expect(offers.items.every((i) => i.type === 'offer')).toBe(true);
    expect(wants.pagination.total + offers.pagination.total).toBe(all);
    const nearWants = await listed('type=want&lat=40.71&lng=-74.0');
    expect(nearWants.items.map((i) => i.id)).toContain(wantId);
    expect(nearWants.items.every((i) => i.type === 'want')).toBe(true);
  });

  it.each(['wants', 'OFFER', '', 'offer,want'])('type=%s is a 400 with a message', async (type) => {
    const res = await visitor.get(`/api/items?type=${encodeURIComponent(type)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('type must be offer or want');
  });
});

describe('PATCH type', () => {
  it('an offer becomes a want and back; a want without photos cannot become an offer until it has one', async () => {
    const offer = await posted({ title: 'A high chair', imageUrl: await upload() });
    const asWant = await patch(offer.id, { type: 'want' });
    expect(asWant.statusCode, asWant.body).toBe(200);
    expect(asWant.json().type).toBe('want');
    // A want may drop all its photos.
    const noPhotos = await patch(offer.id, { images: [] });
    expect(noPhotos.statusCode, noPhotos.body).toBe(200);
    expect(noPhotos.json()).toMatchObject({ type: 'want', images: [], imageUrl: '' });
    const refused = await patch(offer.id, { type: 'offer' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('An offer needs at least one photo: add one, or post it as a want');
    expect((await visitor.get(`/api/items/${offer.id}`)).json().type).toBe('want');
    const url = await upload();
    const back = await patch(offer.id, { type: 'offer', images: [url] });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ type: 'offer', images: [url] });
    // An offer cannot drop its last photo.
    const dropped = await patch(offer.id, { images: [] });
    expect(dropped.statusCode).toBe(400);
    expect((await visitor.get(`/api/items/${offer.id}`)).json().images).toEqual([url]);
  });

  it('a bad type is a 400 and changes nothing; another person cannot change it', async () => {
    const offer = await posted({ title: 'A baby bath', imageUrl: await upload() });
    const bad = await patch(offer.id, { type: 'request' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('type must be offer or want');
    expect((await patch(offer.id, { type: 'want' }, asker)).statusCode).toBe(403);
    expect((await visitor.get(`/api/items/${offer.id}`)).json().type).toBe('offer');
  });
});

describe('wants have no promise or hand-over', () => {
  it('promising a want, or marking it given, is a 400 with a message and nothing changes', async () => {
    const want = await posted({ title: 'Wanted: a pram', type: 'want' });
    const written = await asker.post(`/api/items/${want.id}/messages`, { body: 'I have one for you' });
    expect(written.statusCode, written.body).toBe(201);
    const promised = await owner.post(`/api/conversations/${written.json().id}/promise`, {});
    expect(promised.statusCode).toBe(400);
    expect(promised.json().message).toBe('A want cannot be promised or marked given: it is something its poster is looking for');
    const given = await patch(want.id, { status: 'taken' });
    expect(given.statusCode).toBe(400);
    expect(given.json().message).toBe('A want cannot be promised or marked given: it is something its poster is looking for');
    expect((await visitor.get(`/api/items/${want.id}`)).json()).toMatchObject({ status: 'available', promisedTo: null });
  });

  it('a promised offer cannot become a want', async () => {
    const offer = await posted({ title: 'A changing table', imageUrl: await upload() });
    const written = await asker.post(`/api/items/${offer.id}/messages`, { body: 'May I have it?' });
    expect((await owner.post(`/api/conversations/${written.json().id}/promise`, {})).statusCode).toBe(200);
    const res = await patch(offer.id, { type: 'want' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A promised or given item cannot become a want: make it available first');
    expect((await patch(offer.id, { type: 'want', status: 'taken' })).statusCode).toBe(400);
    expect((await owner.get(`/api/items/${offer.id}`)).json()).toMatchObject({ type: 'offer', status: 'promised' });
  });
});

describe('alerts and deletion', () => {
  it('a saved alert matches a want as it matches an offer', async () => {
    const word = uniqueName('bassinet');
    const alert = await asker.post('/api/alerts', { query: word });
    expect(alert.statusCode, alert.body).toBe(201);
    const want = await posted({ title: `Looking for a ${word}`, type: 'want' });
    const matches = await alertsMatchingItem(t.app.db, want.id);
    expect(matches.map((m) => m.alertId)).toContain(alert.json().id);
  });

  it('deleting a want without a photo works and the database keeps offers with a photo', async () => {
    const want = await posted({ title: 'Wanted: a sling', type: 'want' });
    expect((await owner.request({ method: 'DELETE', url: `/api/items/${want.id}` })).statusCode).toBe(204);
    expect((await visitor.get(`/api/items/${want.id}`)).statusCode).toBe(404);
    await expect(t.app.db.execute(sql`UPDATE items SET image_url = '' WHERE type = 'offer'`)).rejects.toThrow();
  });

  it('my items and the data export carry the type', async () => {
    const mine = (await owner.get('/api/me/items?limit=50')).json<{ items: Item[] }>().items;
    expect(new Set(mine.map((i) => i.type))).toEqual(new Set(['offer', 'want']));
    const exported = await owner.get('/api/me/export');
    expect(exported.statusCode, exported.body).toBe(200);
    const items = exported.json<{ items: { type: string }[] }>().items;
    expect(items.some((i) => i.type === 'want')).toBe(true);
  });
});
