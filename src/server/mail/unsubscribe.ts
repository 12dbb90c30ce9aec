// One-click unsubscribe tokens (RFC 8058; docs/decisions/013-email.md). A token names a user and a
// topic (what kind of mail: a notification type) and is signed with a server secret kept in the
// database (db/secrets.ts), so it needs no table, no expiry and no sign-in: whoever holds the mail
// may stop that kind of mail to that account, and nobody can make a token for another one.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.js';
import { getSecret } from '../db/secrets.js';

/** The name of the secret in app_secrets. */
const SECRET_NAME = 'unsubscribe';

/** A topic: lower-case letters, digits, `-` and `_`, up to 40 (e.g. `messages`, `item-requests`). */
const TOPIC_PATTERN = /^[a-z0-9_-]{1,40}$/;
const TOKEN_PATTERN = /^([1-9]\d{0,9})\.([a-z0-9_-]{1,40})\.([A-Za-z0-9_-]{43})$/;

const signature = (secret: string, userId: number, topic: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${topic}`).digest('base64url');

/** `userId.topic.signature`: safe in a URL as it is. */
export function signUnsubscribeToken(secret: string, userId: number, topic: string): string {
  if (!Number.isSafeInteger(userId) || userId < 1 || !TOPIC_PATTERN.test(topic))
    throw new Error(`bad unsubscribe token parts: ${userId} ${topic}`);
  return `${userId}.${topic}.${signature(secret, userId, topic)}`;
}

/** The user and topic of a genuine token; undefined for anything else (altered, made up, malformed). */
export function verifyUnsubscribeToken(secret: string, token: string): { userId: number; topic: string } | undefined {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return undefined;
  const userId = Number(match[1]);
  const topic = match[2]!;
  const expected = Buffer.from(signature(secret, userId, topic));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, topic } : undefined;
}

export const unsubscribeSecret = (db: Db) => getSecret(db, SECRET_NAME);

/**
 * What a caller composing a notification passes to composeMail's `unsubscribe`: the one-click
 * address (POST, for the List-Unsubscribe header) and the page with a button (for the footer).
 */
export async function unsubscribeLinks(db: Db, site: string, userId: number, topic: string) {
  const token = signUnsubscribeToken(await unsubscribeSecret(db), userId, topic);
  const query = `token=${encodeURIComponent(token)}`;
  return { oneClickUrl: `${site}/api/unsubscribe?${query}`, pageUrl: `${site}/unsubscribe?${query}` };
}

/** Stops one topic of mail for one user. */
type UnsubscribeHandler = (db: Db, userId: number) => Promise<void>;

/**
 * The topics a token may name and what unsubscribing from each does, kept per app (`app.unsubscribeTopics`,
 * decorated by the mail plugin). A feature that sends optional mail registers its topic at start:
 * `app.unsubscribeTopics.set('messages', (db, userId) => ...)`. None are registered yet.
 */
export type UnsubscribeTopics = Map<string, UnsubscribeHandler>;
