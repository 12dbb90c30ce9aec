import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastCode, type TestApp, TestClient } from '../test/harness.js';
import { consoleSender, maskPhone } from './sms.js';

// A small local stand-in for a Twilio-compatible Messages API.
const received: { path: string; authorization: string; form: URLSearchParams }[] = [];
let failNext = false;
let server: Server;
let apiUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ path: req.url!, authorization: String(req.headers.authorization), form: new URLSearchParams(body) });
      if (failNext) {
        failNext = false;
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"bad number"}');
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('Twilio-compatible sender', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'tok',
      TWILIO_FROM: '+15550000',
      TWILIO_API_URL: apiUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('posts the message form with basic auth to the Messages endpoint', async () => {
    const c = new TestClient(t.app);
    await c.register('sms_user');
    await c.request({ method: 'PUT', url: '/api/me/phone', payload: { phoneNumber: '+12125551234', currentPassword: 'secret-pw' } });
    expect((await c.post('/api/me/phone/send-code')).statusCode).toBe(204);
    const last = received.at(-1)!;
    expect(last.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(last.authorization).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    expect(last.form.get('To')).toBe('+12125551234');
    expect(last.form.get('From')).toBe('+15550000');
    const code = last.form.get('Body')!.match(/\d{6}/)![0];
    expect((await c.post('/api/me/phone/verify', { code })).json().isPhoneVerified).toBe(true);
    // Nothing went to the console outbox.
    expect(await lastCode(t, '+12125551234')).toBeUndefined();
  });

  it('a provider failure is a clear 502 for send-code, and the code is void', async () => {
    const c = new TestClient(t.app);
    await c.register('sms_user2');
    await c.request({ method: 'PUT', url: '/api/me/phone', payload: { phoneNumber: '+12125551235', currentPassword: 'secret-pw' } });
    failNext = true;
    const res = await c.post('/api/me/phone/send-code');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'The text message could not be sent; please try again later' });
    // Asking again right away is allowed: nothing was sent.
    expect((await c.post('/api/me/phone/send-code')).statusCode).toBe(204);
  });
});

describe('console sender', () => {
  it('logs the text outside production, and hides it (and most of the number) in production', async () => {
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const log = { info: (obj: Record<string, unknown>, msg: string) => lines.push({ obj, msg }) } as never;
    await consoleSender(log, { production: false }).send('+15550100', '123456 is your code');
    await consoleSender(log, { production: true }).send('+15550100', '654321 is your code');
    expect(JSON.stringify(lines[0])).toContain('123456');
    expect(JSON.stringify(lines[1])).not.toContain('654321');
    expect(JSON.stringify(lines[1])).not.toContain('+15550100');
    expect(maskPhone('+15550100')).toBe('+1*****00');
  });
});
