import { describe, expect, it } from 'vitest';
import { badgeCount, messagesLinkLabel } from '../unread';
import { itemStateText, lastMessagePreview, listDate, messageSide, messageStamp, messageTime, remainingText } from './conversation-texts';

const tz = { timeZone: 'UTC' };
const now = new Date('2025-06-10T15:00:00Z');

describe('messagesLinkLabel', () => {
  it("is 'Messages' when nothing is unread", () => {
    expect(messagesLinkLabel(0)).toBe('Messages');
  });
  it('names the unread count', () => {
    expect(messagesLinkLabel(1)).toBe('Messages, 1 unread');
    expect(messagesLinkLabel(12)).toBe('Messages, 12 unread');
  });
});

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
    expect(remainingText(0)).toBeNull();
    expect(remainingText(1799)).toBeNull();
  });
  it('counts down near the limit', () => {
    expect(remainingText(1800)).toBe('200 characters left');
    expect(remainingText(1999)).toBe('1 character left');
    expect(remainingText(2000)).toBe('0 characters left');
    expect(remainingText(2010)).toBe('0 characters left');
  });
});

describe('dates', () => {
  it('shows the time for today, Yesterday, the day this year, the full date before', () => {
    expect(listDate('2025-06-10T09:05:00Z', { now, ...tz })).toBe('09:05');
    expect(listDate('2025-06-09T23:59:00Z', { now, ...tz })).toBe('Yesterday');
    expect(listDate('2025-03-07T12:00:00Z', { now, ...tz })).toBe('Mar 7');
    expect(listDate('2024-12-25T12:00:00Z', { now, ...tz })).toBe('Dec 25, 2024');
  });
  it('uses the time zone for the day', () => {
    // 01:00 UTC on the 10th is still the 9th in New York.
    expect(listDate('2025-06-10T01:00:00Z', { now, timeZone: 'America/New_York' })).toBe('Yesterday');
  });
  it('is empty for unusable dates', () => {
    expect(listDate('', { now })).toBe('');
    expect(listDate('nonsense', { now })).toBe('');
    expect(messageTime('nonsense')).toBe('');
    expect(messageStamp('nonsense')).toBe('');
  });
  it('gives a full stamp for tooltips', () => {
    expect(messageStamp('2025-06-10T09:05:00Z', { now, ...tz })).toBe('Today, 09:05');
    expect(messageStamp('2025-03-07T18:30:00Z', { now, ...tz })).toBe('Mar 7, 18:30');
  });
});

describe('lastMessagePreview', () => {
  it("says 'No messages yet' without a message", () => {
    expect(lastMessagePreview(null)).toBe('No messages yet');
    expect(lastMessagePreview('')).toBe('No messages yet');
  });
  it('puts the message on one line', () => {
    expect(lastMessagePreview('Hello\nthere\n\n  friend ')).toBe('Hello there friend');
  });
});

describe('itemStateText', () => {
  const row = (role: 'owner' | 'requester', status: string, promisedHere: boolean) => ({
    role,
    other: { id: 2, username: 'sam' },
    item: { status, promisedHere },
  });
  it('says nothing while the item is on offer', () => {
    expect(itemStateText(row('owner', 'available', false))).toBeNull();
  });
  it('names the person from the owner’s side and says “you” from the requester’s', () => {
    expect(itemStateText(row('owner', 'promised', true))).toBe('Promised to sam');
    expect(itemStateText(row('requester', 'promised', true))).toBe('Promised to you');
    expect(itemStateText(row('owner', 'taken', true))).toBe('Given to sam');
    expect(itemStateText(row('requester', 'taken', true))).toBe('Given to you');
  });
  it('tells the others it went elsewhere, and says when it expired', () => {
    expect(itemStateText(row('requester', 'promised', false))).toBe('Promised to someone else');
    expect(itemStateText(row('requester', 'taken', false))).toBe('Gone');
    expect(itemStateText(row('owner', 'expired', false))).toBe('Expired');
  });
});
