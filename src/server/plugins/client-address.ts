// The client's address in one spelling. Behind a proxy it is an X-Forwarded-For entry, which some
// proxies write with the client's port (`192.0.2.7:51234`, `[2001:db8::7]:51234`): a new port per
// connection, so written as it came, every connection would be a new rate-limit key. The same
// address may also come as uncompressed or upper-case IPv6, or IPv4 mapped into IPv6.
import type { IncomingMessage } from 'node:http';
import { isIPv4, isIPv6 } from 'node:net';
import { normalizeIP } from '@fastify/rate-limit';

const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;
const V4_WITH_PORT = /^([^:]+):\d{1,5}$/;
const MAPPED_V4 = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * An address in one spelling: without a port (`a.b.c.d:port`, `[v6]:port`, `[v6]`), IPv6
 * lower-case and compressed (RFC 5952, as WHATWG URLs write it), `::ffff:a.b.c.d` as `a.b.c.d`.
 * Text that is not an address is kept (trimmed, lower-case).
 */
export function canonicalAddress(text: string): string {
  const trimmed = text.trim();
  const host = BRACKETED.exec(trimmed)?.[1] ?? V4_WITH_PORT.exec(trimmed)?.[1] ?? trimmed;
  if (isIPv4(host)) return host;
  if (!isIPv6(host) || host.includes('%')) return trimmed.toLowerCase(); // a zone id (fe80::1%eth0) stays as written
  const v6 = new URL(`http://[${host}]/`).hostname.slice(1, -1);
  const mapped = MAPPED_V4.exec(v6);
  if (!mapped) return v6;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * Rewrites the raw request's X-Forwarded-For with every entry in canonical form, so Fastify's
 * trust decisions (a proxy listed by address, written with a port) and `request.ip` see one
 * spelling. It is Fastify's `rewriteUrl` (the URL is left as it is): the one function Fastify calls
 * on every request before it routes or logs it, server and `inject` alike.
 */
export function canonicalForwardedFor(req: IncomingMessage): string {
  const header = req.headers['x-forwarded-for'];
  if (typeof header === 'string') req.headers['x-forwarded-for'] = header.split(',').map(canonicalAddress).join(', ');
  return req.url ?? '/';
}

/** The client's address as the app uses it anywhere (logs, keys): canonical, also for the connection's own (`::ffff:` on a dual-stack socket). */
export const clientAddress = (request: { ip?: string }): string => canonicalAddress(request.ip ?? '');

/** The key a per-address limit counts under: the client's address, IPv6 by its /64 (one household's or server's block), as @fastify/rate-limit does. */
export const addressKey = (request: { ip?: string }): string => normalizeIP(clientAddress(request));
