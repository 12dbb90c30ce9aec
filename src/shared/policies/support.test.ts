import { describe, expect, it } from 'vitest';
import * as support from './support.js';

const author = { id: 1, isAdmin: false };
const other = { id: 2, isAdmin: false };
const admin = { id: 3, isAdmin: true };

describe('support.see', () => {
  it('shows a request to its author and the admins only', () => {
    const request = { userId: 1 };
    expect(support.see(author, request)).toBe(true);
    expect(support.see(admin, request)).toBe(true);
    expect(support.see(other, request)).toBe(false);
    expect(support.see(null, request)).toBe(false);
  });

  it('shows a request whose author is gone to the admins', () => {
    expect(support.see(admin, { userId: null })).toBe(true);
    expect(support.see(other, { userId: null })).toBe(false);
  });
});

describe('support.answerAsTeam', () => {
  it('is an admin answering someone else’s request', () => {
    expect(support.answerAsTeam(admin, { userId: 1 })).toBe(true);
    expect(support.answerAsTeam(admin, { userId: null })).toBe(true);
    expect(support.answerAsTeam(admin, { userId: 3 })).toBe(false);
    expect(support.answerAsTeam(author, { userId: 1 })).toBe(false);
  });
});
