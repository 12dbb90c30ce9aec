import { describe, expect, it } from 'vitest';
import * as conversations from './conversations.js';

const owner = { id: 1, isAdmin: false };
const other = { id: 2, isAdmin: false };
const admin = { id: 3, isAdmin: true };

describe('conversations.start', () => {
  it('lets any signed-in person but the owner write about an item', () => {
    expect(conversations.start(other, { userId: 1 })).toBe(true);
    expect(conversations.start(admin, { userId: 1 })).toBe(true);
    expect(conversations.start(owner, { userId: 1 })).toBe(false);
    expect(conversations.start(null, { userId: 1 })).toBe(false);
  });
});

describe('conversations.promise', () => {
  it('lets the item’s owner alone promise it, not the requester nor an admin', () => {
    const conversation = { ownerId: 1, requesterId: 2 };
    expect(conversations.promise(owner, conversation)).toBe(true);
    expect(conversations.promise(other, conversation)).toBe(false);
    expect(conversations.promise(admin, conversation)).toBe(false);
    expect(conversations.promise(null, conversation)).toBe(false);
  });
});
