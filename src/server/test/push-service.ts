// A push service for tests, as browsers' push services behave towards an application server: it
// takes Web Push requests on 127.0.0.1, checks their VAPID signature (RFC 8292) and decrypts their
// aes128gcm body (RFC 8188, keys as RFC 8291 derives them) with the private key of a "browser" it
// made the subscription for. Each endpoint can be told to answer with another status (410: gone).
import { createECDH, createHmac, createPublicKey, createDecipheriv, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface ReceivedPush {
  device: string;
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  ttl: string | undefined;
  urgency: string | undefined;
  /** The VAPID claims, after the signature was checked against the key the request carries. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

export interface PushService {
  origin: string;
  received: ReceivedPush[];
  /** Problems with requests (bad signature, wrong audience, undecryptable body): a test expects none. */
  problems: string[];
  /** A browser's subscription at this service: `{ endpoint, keys }` as PushSubscription.toJSON() gives it. */
  subscribe(device: string): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** What the service answers for a device's pushes from now on (201 by default). */
  answer(device: string, status: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 section 3.4 and RFC 8188: the browser's side of the decryption. */
function decrypt(body: Buffer, browser: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = browser.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), serverKey]);
  const ikm = hmac(hmac(auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then padding zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed by that key. */
function checkVapid(header: string | undefined): ReceivedPush['vapid'] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [jwt, k] = [m[1]!, m[2]!];
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  if ((JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }).alg !== 'ES256') throw new Error('not ES256');
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  return { ...c, publicKey: k };
}

export async function startPushService(): Promise<PushService> {
  const browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const browser = browsers.get(device);
      const status = statuses.get(device) ?? 201;
      try {
        if (req.method !== 'POST' || !browser) throw new Error(`unknown push target ${req.method} ${req.url}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const vapid = checkVapid(req.headers.authorization);
        if (vapid.aud !== origin) throw new Error(`VAPID audience ${vapid.aud}, not ${origin}`);
        if (!(vapid.exp > Date.now() / 1000 && vapid.exp <= Date.now() / 1000 + 24 * 3600)) throw new Error(`VAPID exp ${vapid.exp}`);
        if (status < 300) {
          const payload = JSON.parse(decrypt(Buffer.concat(chunks), browser.ecdh, browser.auth).toString('utf8')) as unknown;
          received.push({
            device,
            payload,
            ttl: req.headers.ttl as string | undefined,
            urgency: req.headers.urgency as string | undefined,
            vapid,
          });
        }
      } catch (err) {
        problems.push(err instanceof Error ? err.message : String(err));
        res.writeHead(400).end();
        return;
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    problems,
    subscribe(device) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      browsers.set(device, { ecdh, auth });
      return {
        endpoint: `${origin}/push/${encodeURIComponent(device)}`,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      };
    },
    answer(device, status) {
      statuses.set(device, status);
    },
    async waitFor(count, timeoutMs = 10_000) {
      for (let waited = 0; received.length < count && waited < timeoutMs; waited += 50) await new Promise((r) => setTimeout(r, 50));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
