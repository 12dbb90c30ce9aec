import { describe, expect, it } from 'vitest';
import * as users from './users.js';

const self = { id: 1, isAdmin: false };
const other = { id: 2, isAdmin: false };
const admin = { id: 3, isAdmin: true };

describe('users.see', () => {
  it('shows a visible account to everyone, visitors too', () => {
    for (const actor of [self, other, admin, null]) expect(users.see(actor, { id: 1, isVisible: true })).toBe(true);
  });

  it('shows a hidden account to itself and the admins only', () => {
    const hidden = { id: 1, isVisible: false };
    expect(users.see(self, hidden)).toBe(true);
    expect(users.see(admin, hidden)).toBe(true);
    expect(users.see(other, hidden)).toBe(false);
    expect(users.see(null, hidden)).toBe(false);
    // An item whose owner row was not read counts as hidden.
    expect(users.see(other, { id: 1, isVisible: null })).toBe(false);
  });
});
