import { describe, expect, it } from 'vitest';
import * as reports from './reports.js';

const me = { id: 1, isAdmin: false };
const admin = { id: 3, isAdmin: true };

describe('reports', () => {
  it('lets a signed-in person report someone else’s item, person and message', () => {
    expect(reports.reportItem(me, { userId: 2 })).toBe(true);
    expect(reports.reportUser(me, { id: 2 })).toBe(true);
    expect(reports.reportMessage(me, { senderId: 2 })).toBe(true);
    expect(reports.reportItem(admin, { userId: 2 })).toBe(true);
  });

  it('never about themselves, and never a visitor', () => {
    expect(reports.reportItem(me, { userId: 1 })).toBe(false);
    expect(reports.reportUser(me, { id: 1 })).toBe(false);
    expect(reports.reportMessage(me, { senderId: 1 })).toBe(false);
    expect(reports.reportItem(admin, { userId: 3 })).toBe(false);
    expect(reports.reportItem(null, { userId: 2 })).toBe(false);
    expect(reports.reportUser(null, { id: 2 })).toBe(false);
    expect(reports.reportMessage(null, { senderId: 2 })).toBe(false);
  });
});
