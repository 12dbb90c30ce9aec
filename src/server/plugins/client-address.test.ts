import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { serializeRequest } from '../app.js';
import { addressKey, canonicalAddress, canonicalForwardedFor, clientAddress } from './client-address.js';

describe('the client address in one spelling', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    [' 192.0.2.7:51234 ', '192.0.2.7'],
    ['[2001:DB8:0:0:0:0:0:7]:443', '2001:db8::7'],
    ['[2001:db8::7]', '2001:db8::7'],
    ['2001:0DB8:0000:0000:0001:0000:0000:0007', '2001:db8::1:0:0:7'],
    ['::FFFF:192.0.2.7', '192.0.2.7'],
    ['[::ffff:c000:207]:80', '192.0.2.7'],
    ['::1', '::1'],
    ['fe80::1%eth0', 'fe80::1%eth0'],
    ['unknown', 'unknown'],
    ['Not-An-Address:80', 'not-an-address:80'],
  ])('%s is %s', (written, canonical) => {
    expect(canonicalAddress(written)).toBe(canonical);
  });

  it('rewrites every X-Forwarded-For entry, keeps the URL, and logs and keys the canonical address', () => {
    const req = { url: '/api/login?x=1', headers: { 'x-forwarded-for': '192.0.2.7:1234,[2001:DB8::7]:99, 203.0.113.10' } };
    expect(canonicalForwardedFor(req as unknown as IncomingMessage)).toBe('/api/login?x=1');
    expect(req.headers['x-forwarded-for']).toBe('192.0.2.7, 2001:db8::7, 203.0.113.10');
    expect(serializeRequest({ method: 'GET', url: '/', ip: '::ffff:192.0.2.7' }).remoteAddress).toBe('192.0.2.7');
    expect(clientAddress({ ip: '[2001:db8::7]:5' })).toBe('2001:db8::7');
    // Limits count IPv6 by its /64, as @fastify/rate-limit's own key does.
    expect(addressKey({ ip: '2001:db8:0:0:1234::7' })).toBe(addressKey({ ip: '[2001:DB8::9]:80' }));
    expect(addressKey({ ip: '192.0.2.7:80' })).toBe('192.0.2.7');
  });
});
