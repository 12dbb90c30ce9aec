import { describe, expect, it } from 'vitest';
import { VENDOR_BRANDS, vendorBrand, vendorInitial, vendorPaymentUrl } from './vendor-brand';

describe('vendorBrand', () => {
  it('recognises each known brand by its usual name', () => {
    expect(vendorBrand('PayPal')).toBe('paypal');
    expect(vendorBrand('Cash App')).toBe('cashapp');
    expect(vendorBrand('Venmo')).toBe('venmo');
    expect(vendorBrand('Stripe')).toBe('stripe');
    expect(vendorBrand('Apple Pay')).toBe('applepay');
    expect(vendorBrand('Google Pay')).toBe('googlepay');
    expect(vendorBrand('Mastercard')).toBe('mastercard');
    expect(vendorBrand('Visa')).toBe('visa');
  });

  it('ignores case, spaces and punctuation', () => {
    expect(vendorBrand('paypal')).toBe('paypal');
    expect(vendorBrand('CASH-APP')).toBe('cashapp');
    expect(vendorBrand(' cashapp ')).toBe('cashapp');
    expect(vendorBrand('apple_pay')).toBe('applepay');
    expect(vendorBrand('Master Card')).toBe('mastercard');
    expect(vendorBrand('PayPal.me')).toBe('paypal');
  });

  it('knows a few other names of the same brands', () => {
    expect(vendorBrand('GPay')).toBe('googlepay');
    expect(vendorBrand('Square Cash')).toBe('cashapp');
  });

  it('does not mistake one pay brand for another', () => {
    expect(vendorBrand('Apple Pay')).not.toBe('paypal');
    expect(vendorBrand('Google Pay')).not.toBe('paypal');
  });

  it('gives null for any other vendor', () => {
    expect(vendorBrand('Zelle')).toBeNull();
    expect(vendorBrand('Revolut')).toBeNull();
    expect(vendorBrand('')).toBeNull();
    expect(vendorBrand('  ')).toBeNull();
  });

  it('lists the eight known brands', () => {
    expect(VENDOR_BRANDS).toHaveLength(8);
  });
});

describe('vendorInitial', () => {
  it("is the name's first character in upper case", () => {
    expect(vendorInitial('zelle')).toBe('Z');
    expect(vendorInitial('  Revolut')).toBe('R');
    expect(vendorInitial('2checkout')).toBe('2');
    expect(vendorInitial('élan')).toBe('É');
  });

  it('has a stand-in for an empty name', () => {
    expect(vendorInitial('')).toBe('?');
  });
});

describe('vendorPaymentUrl', () => {
  it.each([
    ['PayPal', 'janedoe', 'https://paypal.me/janedoe'],
    ['paypal', ' jane.doe-1 ', 'https://paypal.me/jane.doe-1'],
    ['Cash App', '$JaneDoe', 'https://cash.app/$JaneDoe'],
    ['cashapp', 'JaneDoe', 'https://cash.app/$JaneDoe'],
    ['Venmo', '@jane_doe', 'https://venmo.com/u/jane_doe'],
    ['Venmo', 'jane_doe', 'https://venmo.com/u/jane_doe'],
  ])('%s %j opens %s', (vendor, id, url) => {
    expect(vendorPaymentUrl(vendor, id)).toBe(url);
  });

  it.each([
    ['PayPal', 'me@example.com'],
    ['PayPal', 'a/../b'],
    ['PayPal', 'x?y=1'],
    ['PayPal', 'evil.com#'],
    ['Venmo', '@'],
    ['Venmo', 'a b'],
    ['Cash App', '$$x'],
    ['PayPal', '.hidden'],
    ['PayPal', 'x'.repeat(65)],
    ['Stripe', 'acct_123'],
    ['Zelle', 'jane'],
  ])('%s %j has no page to open', (vendor, id) => {
    expect(vendorPaymentUrl(vendor, id)).toBeNull();
  });
});
