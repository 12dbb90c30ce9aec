import { describe, expect, it } from 'vitest';
import { ITEM_MSG } from '../../shared/items.js';
import { messageId } from '../../shared/i18n.js';
import { MSG } from '../../shared/messages.js';
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
    const manage: Action = 'item.manage';
    expect(refusal(() => authorize(owner, manage, item))).toBe('allowed');
    expect(refusal(() => authorize(admin, manage, item))).toBe('allowed');
    expect(refusal(() => authorize(other, manage, item))).toEqual({ status: 403, message: messageId(ITEM_MSG.notYours) });
    expect(refusal(() => authorize(null, manage, item))).toEqual({ status: 401, message: messageId(MSG.notSignedIn) });
  });

  it('answers 404 where the thing is not to be known of', () => {
    const hidden = { userId: 1, hiddenAt: new Date() };
    expect(refusal(() => authorize(owner, 'item.see', hidden))).toBe('allowed');
    expect(refusal(() => authorize(other, 'item.see', hidden))).toEqual({ status: 404, message: messageId(ITEM_MSG.notFound) });
    expect(refusal(() => authorize(null, 'item.see', hidden))).toEqual({ status: 404, message: messageId(ITEM_MSG.notFound) });
    expect(can(null, 'item.see', { ...hidden, hiddenAt: null })).toBe(true);
  });
});
