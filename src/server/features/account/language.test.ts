// The language of the answers: a signed-in person's stored choice, else the device's cookie, else
// Accept-Language, else English; PUT /api/me/language stores the choice; text messages go out in
// the recipient's language; the app's HTML says its language and preloads that catalogue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.js';
import { PEOPLE_MSG } from '#shared/people.js';
import { translate } from '../../i18n.js';
import { createTestApp, fakeClientDir, lastCode, smsOutbox, type TestApp, TestClient, uniqueName } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clientDir: fakeClientDir() });
});
afterAll(async () => {
  await t?.close();
});

const es = (message: Parameters<typeof translate>[1]) => translate('es', message);

describe('the language of API answers', () => {
  it('follows Accept-Language for a visitor: a Spanish reader gets Spanish messages', async () => {
    const visitor = new TestClient(t.app);
    const res = await visitor.request({
      method: 'GET',
      url: '/api/me/settings',
      headers: { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: es(MSG.notSignedIn) });
    expect(es(MSG.notSignedIn)).not.toBe(translate('en', MSG.notSignedIn));

    const english = await visitor.request({ method: 'GET', url: '/api/me/settings', headers: { 'accept-language': 'fr, en;q=0.8' } });
    expect(english.json()).toEqual({ message: 'You must be signed in' });
    const none = await visitor.request({ method: 'GET', url: '/api/me/settings' });
    expect(none.json()).toEqual({ message: 'You must be signed in' });
  });

  it("says validation messages in the request's language, limits filled in", async () => {
    const visitor = new TestClient(t.app);
    const res = await visitor.request({
      method: 'POST',
      url: '/api/register',
      headers: { 'accept-language': 'es' },
      payload: { username: 'ab', password: 'secret-pw', isVisible: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: es(MSG.usernameMin) });
    expect(res.json().message).toContain('3');
  });

  it("the device's cookie wins over Accept-Language", async () => {
    const visitor = new TestClient(t.app);
    visitor.cookies.set('lang', 'es');
    const res = await visitor.request({ method: 'GET', url: '/api/items/999999', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(es('api.items.notFound'));
  });

  it("a signed-in person's stored language wins over the header and the cookie", async () => {
    const person = new TestClient(t.app);
    await person.register(uniqueName('lang'));
    const stored = await person.request({ method: 'PUT', url: '/api/me/language', payload: { language: 'es' } });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual({ language: 'es' });
    expect((await person.get('/api/user')).json().language).toBe('es');

    person.cookies.set('lang', 'en');
    const res = await person.request({ method: 'DELETE', url: '/api/me/payment-ids/999999', headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: es(PEOPLE_MSG.paymentLinkNotFound) });

    // Back to none: the device's and the browser's choice count again.
    await person.request({ method: 'PUT', url: '/api/me/language', payload: { language: null } });
    const after = await person.request({ method: 'DELETE', url: '/api/me/payment-ids/999999', headers: { 'accept-language': 'en-US' } });
    expect(after.json()).toEqual({ message: 'Payment link not found' });
  });

  it('an account starts in the language its person registered in', async () => {
    const person = new TestClient(t.app);
    person.cookies.set('lang', 'es');
    const res = await person.post('/api/register', { username: uniqueName('nuevo'), password: 'secret-pw', isVisible: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().language).toBe('es');
  });

  it('refuses a language the site does not offer, and visitors, and changes nothing', async () => {
    const person = new TestClient(t.app);
    await person.register(uniqueName('lang'));
    for (const payload of [{ language: 'fr' }, { language: 42 }, {}, { language: 'es', extra: 1 }, { language: 'EN' }]) {
      const res = await person.request({ method: 'PUT', url: '/api/me/language', payload });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await person.get('/api/user')).json().language).toBe('en');
    const visitor = new TestClient(t.app);
    expect((await visitor.request({ method: 'PUT', url: '/api/me/language', payload: { language: 'es' } })).statusCode).toBe(401);
  });

  it("answers a library's own errors (bad JSON) in our words and the request's language", async () => {
    const visitor = new TestClient(t.app);
    const res = await visitor.request({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: es(MSG.invalidJson) });
  });

  it('the success message of a reset request is said in the request language too', async () => {
    const visitor = new TestClient(t.app);
    const res = await visitor.request({
      method: 'POST',
      url: '/api/request-reset',
      headers: { 'accept-language': 'es' },
      payload: { username: uniqueName('nobody') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: es(PEOPLE_MSG.resetSent) });
  });
});

describe('text messages', () => {
  it("go out in the recipient's stored language", async () => {
    const person = new TestClient(t.app);
    await person.register(uniqueName('sms'));
    await person.request({ method: 'PUT', url: '/api/me/language', payload: { language: 'es' } });
    const phone = `+1212555${String(Date.now()).slice(-4)}`;
    expect(
      (await person.request({ method: 'PUT', url: '/api/me/phone', payload: { phoneNumber: phone, currentPassword: 'secret-pw' } }))
        .statusCode,
    ).toBe(200);
    // The request's own language does not matter: the SMS is for the account's person.
    expect(
      (await person.request({ method: 'POST', url: '/api/me/phone/send-code', headers: { 'accept-language': 'en' } })).statusCode,
    ).toBe(204);
    const code = await lastCode(t, phone);
    expect(code).toMatch(/^\d{6}$/);
    const sms = smsOutbox(t)
      .filter((m) => m.to === phone)
      .at(-1)!;
    expect(sms.body).toBe(translate('es', { id: 'server.sms.phoneCode', values: { code: code!, minutes: 10 } }));
    expect(sms.body).toContain('código de verificación');
  });
});

describe('the HTML of the app', () => {
  it("says the page's language in <html lang>, its description, and varies on it", async () => {
    const visitor = new TestClient(t.app);
    const english = await visitor.get('/browse');
    expect(english.body).toContain('<html lang="en">');
    const spanish = await visitor.request({ method: 'GET', url: '/browse', headers: { 'accept-language': 'es-ES' } });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain(translate('es', 'core.meta.description'));
    expect(spanish.body).toContain('<link rel="modulepreload" crossorigin href="/assets/core-es-abc123.js">');
    expect(spanish.body).not.toContain('core-en-abc123');
    expect(english.body).toContain('href="/assets/core-en-abc123.js"');
    expect(String(spanish.headers.vary)).toMatch(/Accept-Language/);
    expect(String(spanish.headers.vary)).toMatch(/Cookie/);
    visitor.cookies.set('lang', 'en');
    const cookie = await visitor.request({ method: 'GET', url: '/search', headers: { 'accept-language': 'es' } });
    expect(cookie.body).toContain('<html lang="en">');
  });

  it('answers an unknown API path in the request language', async () => {
    const visitor = new TestClient(t.app);
    const res = await visitor.request({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-language': 'es' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: es(MSG.notFound) });
  });
});
