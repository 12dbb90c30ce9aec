// PUT /api/me/distance-unit: the unit distances are shown in, km by default, stored on the account
// and echoed in every answer that carries the signed-in user (register, login, GET /api/user).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient, uniqueName } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (client: TestClient, payload: unknown) =>
  client.request({ method: 'PUT', url: '/api/me/distance-unit', payload: payload as object });

describe('the distance unit', () => {
  it('is km for a new account, miles once chosen, and back to km; the user answers say so beside their other fields', async () => {
    const person = new TestClient(t.app);
    const name = uniqueName('unit');
    expect(await person.register(name)).toMatchObject({ username: name, isAdmin: false, distanceUnit: 'km' });
    expect((await person.get('/api/user')).json()).toEqual({
      id: expect.any(Number),
      username: name,
      isAdmin: false,
      language: 'en',
      distanceUnit: 'km',
    });

    const set = await put(person, { distanceUnit: 'mi' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ distanceUnit: 'mi' });
    expect((await person.get('/api/user')).json()).toMatchObject({ distanceUnit: 'mi' });

    // Another device signing in gets the account's choice.
    const other = new TestClient(t.app);
    expect(await other.login(name, 'secret-pw')).toMatchObject({ distanceUnit: 'mi' });

    expect((await put(person, { distanceUnit: 'km' })).json()).toEqual({ distanceUnit: 'km' });
    expect((await other.get('/api/user')).json()).toMatchObject({ distanceUnit: 'km' });
  });

  it.each([
    ['another unit', { distanceUnit: 'miles' }],
    ['upper case', { distanceUnit: 'MI' }],
    ['null', { distanceUnit: null }],
    ['a number', { distanceUnit: 1 }],
    ['nothing', {}],
    ['an extra field', { distanceUnit: 'mi', admin: true }],
  ])('refuses %s with 400 and a message, changing nothing', async (_name, payload) => {
    const person = new TestClient(t.app);
    await person.register(uniqueName('bad'));
    const res = await put(person, payload);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect((await person.get('/api/user')).json()).toMatchObject({ distanceUnit: 'km' });
  });

  it('needs an account: a visitor gets 401 (the device keeps a visitor’s choice)', async () => {
    const res = await put(new TestClient(t.app), { distanceUnit: 'mi' });
    expect(res.statusCode).toBe(401);
  });
});
