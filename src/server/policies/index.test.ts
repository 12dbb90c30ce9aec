import { describe, expect, it } from 'vitest';
import { CONVERSATION_MSG, HANDOVER_MSG } from '#shared/conversation-rules.js';
import { ITEM_MSG } from '#shared/items.js';
import { type Message, messageId } from '#shared/i18n.js';
import { MSG } from '#shared/messages.js';
import { MODERATION_MSG } from '#shared/moderation.js';
import { PEOPLE_MSG, PROFILE_MSG } from '#shared/people.js';
import { REPORT_MSG } from '#shared/reports.js';
import { AppError } from '../errors.js';
import { type Action, authorize, can } from './index.js';

/** What authorize threw, as the error handler answers it: status and message id. */
function refusal(fn: () => void): { status: number; message: string } | 'allowed' {
  try {
    fn();
    return 'allowed';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { status: err.statusCode, message: err.message };
  }
}

const owner = { id: 1, isAdmin: false };
const other = { id: 2, isAdmin: false };
const admin = { id: 3, isAdmin: true };

describe('authorize', () => {
  it('lets through whom the rule allows, and refuses the others with the action’s answer', () => {
    const item = { userId: 1 };
    const manage: Action = 'item:manage';
    expect(refusal(() => authorize(owner, manage, item))).toBe('allowed');
    expect(refusal(() => authorize(admin, manage, item))).toBe('allowed');
    expect(refusal(() => authorize(other, manage, item))).toEqual({ status: 403, message: messageId(ITEM_MSG.notYours) });
    expect(refusal(() => authorize(null, manage, item))).toEqual({ status: 401, message: messageId(MSG.notSignedIn) });
  });

  it('answers 404 where the thing is not to be known of', () => {
    const hidden = { userId: 1, hiddenAt: new Date() };
    expect(refusal(() => authorize(owner, 'item:see', hidden))).toBe('allowed');
    expect(refusal(() => authorize(other, 'item:see', hidden))).toEqual({ status: 404, message: messageId(ITEM_MSG.notFound) });
    expect(refusal(() => authorize(null, 'item:see', hidden))).toEqual({ status: 404, message: messageId(ITEM_MSG.notFound) });
    expect(can(null, 'item:see', { ...hidden, hiddenAt: null })).toBe(true);
  });
});

describe('each action’s refusal', () => {
  // A case each: who is refused, what, and the answer the routes gave before the policies (status and message).
  const cases: [string, () => void, number, Message][] = [
    ['admin:enter, a user', () => authorize(other, 'admin:enter'), 403, MSG.adminOnly],
    ['admin:enter, a visitor', () => authorize(null, 'admin:enter'), 401, MSG.notSignedIn],
    ['item:thank, someone else', () => authorize(other, 'item:thank', { userId: 1, promisedToId: 3 }), 403, PROFILE_MSG.notYourHandOver],
    ['note:manage, someone else', () => authorize(other, 'note:manage', { createdById: 1 }), 403, PEOPLE_MSG.noteNotYours],
    ['conversation:start, the owner', () => authorize(owner, 'conversation:start', { userId: 1 }), 400, CONVERSATION_MSG.ownItem],
    ['conversation:promise, the requester', () => authorize(other, 'conversation:promise', { ownerId: 1 }), 403, HANDOVER_MSG.ownerOnly],
    ['user:see, someone else', () => authorize(other, 'user:see', { id: 1, isVisible: false }), 404, PEOPLE_MSG.userNotFound],
    ['user:moderate, an admin', () => authorize(admin, 'user:moderate', { id: 4, isAdmin: true }), 403, MODERATION_MSG.adminNotModerated],
    ['user:moderate, a user', () => authorize(other, 'user:moderate', { id: 1, isAdmin: false }), 403, MSG.adminOnly],
    ['user:remove, an admin’s account', () => authorize(admin, 'user:remove', { id: 4, isAdmin: true }), 403, PEOPLE_MSG.adminNotDeletable],
    ['support:see, someone else', () => authorize(other, 'support:see', { userId: 1 }), 404, PEOPLE_MSG.supportNotFound],
    ['report:item, its owner', () => authorize(owner, 'report:item', { userId: 1 }), 400, REPORT_MSG.ownItem],
    ['report:user, oneself', () => authorize(owner, 'report:user', { id: 1 }), 400, REPORT_MSG.self],
    ['report:message, its sender', () => authorize(owner, 'report:message', { senderId: 1 }), 400, REPORT_MSG.ownMessage],
  ];
  it.each(cases)('%s', (_name, fn, status, message) => {
    expect(refusal(fn)).toEqual({ status, message: messageId(message) });
  });
});
