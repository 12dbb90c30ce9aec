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

describe('users.moderate', () => {
  it('lets an admin warn or suspend anyone but another admin', () => {
    expect(users.moderate(admin, { id: 1, isAdmin: false })).toBe(true);
    expect(users.moderate(admin, { id: 4, isAdmin: true })).toBe(false);
    expect(users.moderate(admin, { id: 3, isAdmin: true })).toBe(false);
    expect(users.moderate(other, { id: 1, isAdmin: false })).toBe(false);
    expect(users.moderate(null, { id: 1, isAdmin: false })).toBe(false);
  });
});

describe('users.remove', () => {
  it('lets an account be deleted by itself or an admin', () => {
    expect(users.remove(self, { id: 1, isAdmin: false })).toBe(true);
    expect(users.remove(admin, { id: 1, isAdmin: false })).toBe(true);
    expect(users.remove(other, { id: 1, isAdmin: false })).toBe(false);
    expect(users.remove(null, { id: 1, isAdmin: false })).toBe(false);
  });

  it('never an admin’s account, not even by itself', () => {
    expect(users.remove(admin, { id: 3, isAdmin: true })).toBe(false);
    expect(users.remove(admin, { id: 4, isAdmin: true })).toBe(false);
  });
});
