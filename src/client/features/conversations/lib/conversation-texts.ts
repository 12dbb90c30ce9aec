// Texts and small decisions of the messages screens, kept pure so they can be tested: the texts
// come from the `conversations` catalogue section through the `t` they are given.
import { MESSAGE_MAX, type NoteKind, noteKindOf, type NoteSide } from '#shared/conversation-rules.js';
import type { ConversationSummary } from '#shared/conversations.js';
import type { Language, MessageId } from '#shared/i18n.js';
import type { Translate } from '@/lib/i18n';

export type MessageSide = 'mine' | 'theirs' | 'app';

/** Where a message sits: mine on the right, theirs on the left, the app's notes in the middle. */
export function messageSide(senderId: number | null, myId: number | undefined): MessageSide {
  if (senderId === null) return 'app';
  return senderId === myId ? 'mine' : 'theirs';
}

/** The counter shows once this many characters or fewer are left. */
const COUNTER_FROM = 200;

/** '150 characters left' near the limit, else null (no counter). */
export function remainingText(t: Translate, length: number, max = MESSAGE_MAX): string | null {
  const left = max - length;
  if (left > COUNTER_FROM) return null;
  return t('conversations.composer.remaining', { count: Math.max(left, 0) });
}

type DateOptions = { now?: Date; timeZone?: string; language?: Language };

/** The locale of the dates of each language: English as the product always wrote them ('Mar 7'). */
const DATE_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-419' };

function dayKey(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).format(date);
}

/**
 * A list row's date: the time for today ('14:05'), 'Yesterday', the day and month this year
 * ('Mar 7'), else the full short date ('Mar 7, 2024'). Empty for an unusable date.
 */
export function listDate(
  t: Translate,
  value: string | null | undefined,
  { now = new Date(), timeZone, language = 'en' }: DateOptions = {},
): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = dayKey(date, timeZone);
  if (day === dayKey(now, timeZone)) return messageTime(value, { timeZone });
  if (day === dayKey(new Date(now.getTime() - 86_400_000), timeZone)) return t('conversations.dates.yesterday');
  const sameYear = day.slice(0, 4) === dayKey(now, timeZone).slice(0, 4);
  return new Intl.DateTimeFormat(DATE_LOCALE[language], {
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
export function messageStamp(t: Translate, value: string, { now = new Date(), timeZone, language }: DateOptions = {}): string {
  const day = listDate(t, value, { now, timeZone, language });
  const time = messageTime(value, { timeZone });
  if (!time) return '';
  return day === time ? t('conversations.dates.today', { time }) : t('conversations.dates.dayAndTime', { day, time });
}

/** 'No messages yet' or the last message on one line (line breaks become spaces). */
export function lastMessagePreview(t: Translate, body: string | null | undefined): string {
  if (!body) return t('conversations.list.noMessages');
  return body.replace(/\s+/g, ' ').trim();
}

/** The app's notes in the words of each side: the requester's as stored, the owner's about their own change. */
const NOTE_TEXT = {
  requester: {
    promisedToYou: 'conversations.notes.requester.promisedToYou',
    promisedToOther: 'conversations.notes.requester.promisedToOther',
    withdrawnFromYou: 'conversations.notes.requester.withdrawnFromYou',
    availableAgain: 'conversations.notes.requester.availableAgain',
    givenToYou: 'conversations.notes.requester.givenToYou',
    goneToOther: 'conversations.notes.requester.goneToOther',
  },
  owner: {
    promisedToYou: 'conversations.notes.owner.promisedToYou',
    promisedToOther: 'conversations.notes.owner.promisedToOther',
    withdrawnFromYou: 'conversations.notes.owner.withdrawnFromYou',
    availableAgain: 'conversations.notes.owner.availableAgain',
    givenToYou: 'conversations.notes.owner.givenToYou',
    goneToOther: 'conversations.notes.owner.goneToOther',
  },
} as const satisfies Record<NoteSide, Record<NoteKind, MessageId>>;

/**
 * An app note (a message without a sender) in the reader's language, from their side of the
 * conversation. The server stores and sends the notes in English (a closed set: conversation-rules.ts);
 * a text that is not one of them is shown as it is.
 */
export function noteText(t: Translate, body: string, side: NoteSide): string {
  const kind = noteKindOf(body);
  return kind ? t(NOTE_TEXT[side][kind]) : body;
}

/** A message's text as shown: people's words as written, the app's notes translated. */
export function messageBody(t: Translate, message: { senderId: number | null; body: string }, side: NoteSide): string {
  return message.senderId === null ? noteText(t, message.body, side) : message.body;
}

/**
 * Where the item of a conversation stands, seen from my side, for the list; null while it is on
 * offer ('Promised to you', 'Given to sam', 'Promised to someone else', 'Gone', 'Expired').
 */
export function itemStateText(
  t: Translate,
  c: Pick<ConversationSummary, 'role' | 'other'> & { item: Pick<ConversationSummary['item'], 'status' | 'promisedHere'> },
): string | null {
  const { status, promisedHere } = c.item;
  const name = c.other.username;
  const owner = c.role === 'owner';
  if (status === 'promised') {
    if (!promisedHere) return t('conversations.state.promisedElsewhere');
    return owner ? t('conversations.state.promisedTo', { name }) : t('conversations.state.promisedToYou');
  }
  if (status === 'taken') {
    if (!promisedHere) return t('conversations.state.gone');
    return owner ? t('conversations.state.givenTo', { name }) : t('conversations.state.givenToYou');
  }
  if (status === 'expired') return t('conversations.state.expired');
  return null;
}
