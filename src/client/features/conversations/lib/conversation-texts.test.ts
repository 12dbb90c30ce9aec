import { i18n } from '@lingui/core';
import { loadCatalogue } from 'virtual:catalogues';
import { beforeAll, describe, expect, it } from 'vitest';
import { HANDOVER_MSG, NOTE_KINDS, noteForSide } from '#shared/conversation-rules.js';
import { translate as t } from '@/lib/i18n';
import { badgeCount } from '../unread';
import {
  itemStateText,
  lastMessagePreview,
  listDate,
  messageBody,
  messageSide,
  messageStamp,
  messageTime,
  noteText,
  remainingText,
} from './conversation-texts';

// The texts in English, as the app has them (no DOM here: the catalogue is loaded by hand).
beforeAll(async () => {
  for (const bundle of ['core', 'app']) i18n.load('en', (await loadCatalogue('en', bundle)).default as Parameters<typeof i18n.load>[1]);
  i18n.activate('en');
});

const tz = { timeZone: 'UTC' };
const now = new Date('2025-06-10T15:00:00Z');

describe('badgeCount', () => {
  it('caps at 99+', () => {
    expect(badgeCount(3)).toBe('3');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(150)).toBe('99+');
  });
});

describe('messageSide', () => {
  it('puts my messages right, theirs left, the app in the middle', () => {
    expect(messageSide(4, 4)).toBe('mine');
    expect(messageSide(5, 4)).toBe('theirs');
    expect(messageSide(null, 4)).toBe('app');
    expect(messageSide(5, undefined)).toBe('theirs');
  });
});

describe('remainingText', () => {
  it('is silent far from the limit', () => {
    expect(remainingText(t, 0)).toBeNull();
    expect(remainingText(t, 1799)).toBeNull();
  });
  it('counts down near the limit', () => {
    expect(remainingText(t, 1800)).toBe('200 characters left');
    expect(remainingText(t, 1999)).toBe('1 character left');
    expect(remainingText(t, 2000)).toBe('0 characters left');
    expect(remainingText(t, 2010)).toBe('0 characters left');
  });
});

describe('dates', () => {
  it('shows the time for today, Yesterday, the day this year, the full date before', () => {
    expect(listDate(t, '2025-06-10T09:05:00Z', { now, ...tz })).toBe('09:05');
    expect(listDate(t, '2025-06-09T23:59:00Z', { now, ...tz })).toBe('Yesterday');
    expect(listDate(t, '2025-03-07T12:00:00Z', { now, ...tz })).toBe('Mar 7');
    expect(listDate(t, '2024-12-25T12:00:00Z', { now, ...tz })).toBe('Dec 25, 2024');
  });
  it('writes the day in the language asked for', () => {
    expect(listDate(t, '2025-03-07T12:00:00Z', { now, ...tz, language: 'es' })).toBe('7 mar');
  });
  it('uses the time zone for the day', () => {
    // 01:00 UTC on the 10th is still the 9th in New York.
    expect(listDate(t, '2025-06-10T01:00:00Z', { now, timeZone: 'America/New_York' })).toBe('Yesterday');
  });
  it('is empty for unusable dates', () => {
    expect(listDate(t, '', { now })).toBe('');
    expect(listDate(t, 'nonsense', { now })).toBe('');
    expect(messageTime('nonsense')).toBe('');
    expect(messageStamp(t, 'nonsense')).toBe('');
  });
  it('gives a full stamp for tooltips', () => {
    expect(messageStamp(t, '2025-06-10T09:05:00Z', { now, ...tz })).toBe('Today, 09:05');
    expect(messageStamp(t, '2025-03-07T18:30:00Z', { now, ...tz })).toBe('Mar 7, 18:30');
  });
});

describe('lastMessagePreview', () => {
  it("says 'No messages yet' without a message", () => {
    expect(lastMessagePreview(t, null)).toBe('No messages yet');
    expect(lastMessagePreview(t, '')).toBe('No messages yet');
  });
  it('puts the message on one line', () => {
    expect(lastMessagePreview(t, 'Hello\nthere\n\n  friend ')).toBe('Hello there friend');
  });
});

describe('itemStateText', () => {
  const row = (role: 'owner' | 'requester', status: string, promisedHere: boolean) => ({
    role,
    other: { id: 2, username: 'sam' },
    item: { status, promisedHere },
  });
  it('says nothing while the item is on offer', () => {
    expect(itemStateText(t, row('owner', 'available', false))).toBeNull();
  });
  it('names the person from the owner’s side and says “you” from the requester’s', () => {
    expect(itemStateText(t, row('owner', 'promised', true))).toBe('Promised to sam');
    expect(itemStateText(t, row('requester', 'promised', true))).toBe('Promised to you');
    expect(itemStateText(t, row('owner', 'taken', true))).toBe('Given to sam');
    expect(itemStateText(t, row('requester', 'taken', true))).toBe('Given to you');
  });
  it('tells the others it went elsewhere, and says when it expired', () => {
    expect(itemStateText(t, row('requester', 'promised', false))).toBe('Promised to someone else');
    expect(itemStateText(t, row('requester', 'taken', false))).toBe('Gone');
    expect(itemStateText(t, row('owner', 'expired', false))).toBe('Expired');
  });
});

describe('app notes', () => {
  it('say in the catalogue exactly what the server stores and sends, from each side', () => {
    for (const kind of NOTE_KINDS) {
      const stored = HANDOVER_MSG[kind];
      expect(noteText(t, stored, 'requester')).toBe(stored);
      expect(noteText(t, stored, 'owner')).toBe(noteForSide(stored, 'owner'));
      // The owner's wording, as the server sends it, is recognised too.
      expect(noteText(t, noteForSide(stored, 'owner'), 'owner')).toBe(noteForSide(stored, 'owner'));
    }
  });
  it('show other texts, and people’s messages, as they are', () => {
    expect(noteText(t, 'Something the app never wrote', 'owner')).toBe('Something the app never wrote');
    expect(messageBody(t, { senderId: 3, body: HANDOVER_MSG.availableAgain }, 'owner')).toBe(HANDOVER_MSG.availableAgain);
    expect(messageBody(t, { senderId: null, body: HANDOVER_MSG.availableAgain }, 'owner')).toBe('You have made this item available again.');
  });
});
