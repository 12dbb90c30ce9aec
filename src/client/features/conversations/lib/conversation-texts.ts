// Texts and small decisions of the messages screens, kept pure so they can be tested.
import { MESSAGE_MAX } from '../../../../shared/conversation-rules.js';
import type { ConversationSummary } from '../../../../shared/conversations.js';

export type MessageSide = 'mine' | 'theirs' | 'app';

/** Where a message sits: mine on the right, theirs on the left, the app's notes in the middle. */
export function messageSide(senderId: number | null, myId: number | undefined): MessageSide {
  if (senderId === null) return 'app';
  return senderId === myId ? 'mine' : 'theirs';
}

/** The counter shows once this many characters or fewer are left. */
export const COUNTER_FROM = 200;

/** '150 characters left' near the limit, else null (no counter). */
export function remainingText(length: number, max = MESSAGE_MAX): string | null {
  const left = max - length;
  if (left > COUNTER_FROM) return null;
  return left === 1 ? '1 character left' : `${Math.max(left, 0)} characters left`;
}

type DateOptions = { now?: Date; timeZone?: string };

function dayKey(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);
}

/**
 * A list row's date: the time for today ('14:05'), 'Yesterday', the day and month this year
 * ('Mar 7'), else the full short date ('Mar 7, 2024'). Empty for an unusable date.
 */
export function listDate(value: string | null | undefined, { now = new Date(), timeZone }: DateOptions = {}): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = dayKey(date, timeZone);
  if (day === dayKey(now, timeZone)) return messageTime(value, { timeZone });
  if (day === dayKey(new Date(now.getTime() - 86_400_000), timeZone)) return 'Yesterday';
  const sameYear = day.slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: sameYear ? undefined : 'numeric',
    timeZone,
  }).format(date);
}

/** A message's time of day, 24-hour ('09:30'); empty for an unusable date. */
export function messageTime(value: string, { timeZone }: { timeZone?: string } = {}): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone }).format(date);
}

/** A message's day and time for its tooltip ('Today, 09:30', 'Mar 7, 18:30'). */
export function messageStamp(value: string, { now = new Date(), timeZone }: DateOptions = {}): string {
  const day = listDate(value, { now, timeZone });
  const time = messageTime(value, { timeZone });
  if (!time) return '';
  return day === time ? `Today, ${time}` : `${day}, ${time}`;
}

/** 'No messages yet' or the last message on one line (line breaks become spaces). */
export function lastMessagePreview(body: string | null | undefined): string {
  if (!body) return 'No messages yet';
  return body.replace(/\s+/g, ' ').trim();
}

/**
 * Where the item of a conversation stands, seen from my side, for the list; null while it is on
 * offer ('Promised to you', 'Given to sam', 'Promised to someone else', 'Gone', 'Expired').
 */
export function itemStateText(
  c: Pick<ConversationSummary, 'role' | 'other'> & { item: Pick<ConversationSummary['item'], 'status' | 'promisedHere'> },
): string | null {
  const { status, promisedHere } = c.item;
  const who = c.role === 'owner' ? c.other.username : 'you';
  if (status === 'promised') return promisedHere ? `Promised to ${who}` : 'Promised to someone else';
  if (status === 'taken') return promisedHere ? `Given to ${who}` : 'Gone';
  if (status === 'expired') return 'Expired';
  return null;
}
