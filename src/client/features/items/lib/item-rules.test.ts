import { describe, expect, it } from 'vitest';
import { isRenewDue } from './item-rules';

const now = Date.parse('2025-06-01T12:00:00Z');
const inDays = (days: number) => new Date(now + days * 86_400_000).toISOString();

describe('isRenewDue', () => {
  it('offers renewal for expired items and items expiring within 7 days', () => {
    expect(isRenewDue({ status: 'expired', expiresAt: inDays(-1) }, now)).toBe(true);
    expect(isRenewDue({ status: 'available', expiresAt: inDays(6.9) }, now)).toBe(true);
    expect(isRenewDue({ status: 'available', expiresAt: inDays(7) }, now)).toBe(true);
    expect(isRenewDue({ status: 'taken', expiresAt: inDays(-3) }, now)).toBe(true);
  });

  it('does not offer it earlier, or without an expiry', () => {
    expect(isRenewDue({ status: 'available', expiresAt: inDays(8) }, now)).toBe(false);
    expect(isRenewDue({ status: 'available', expiresAt: null }, now)).toBe(false);
  });
});
