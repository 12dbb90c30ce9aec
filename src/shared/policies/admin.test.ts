import { describe, expect, it } from 'vitest';
import * as admin from './admin.js';

describe('admin.enter', () => {
  it('lets the admins in, nobody else', () => {
    expect(admin.enter({ id: 1, isAdmin: true })).toBe(true);
    expect(admin.enter({ id: 1, isAdmin: false })).toBe(false);
    expect(admin.enter(null)).toBe(false);
  });
});
