// Which mark a payment vendor gets on a profile (docs/product.md, Pages, Public search and profiles): a known brand is
// recognised by its name, whatever the spelling ("Cash App", "cashapp", "CASH-APP"); any other
// vendor gets the first letter of its name.

export const VENDOR_BRANDS = ['paypal', 'cashapp', 'venmo', 'stripe', 'applepay', 'googlepay', 'mastercard', 'visa'] as const;

export type VendorBrand = (typeof VENDOR_BRANDS)[number];

/** Lower case, letters and digits only: "Apple Pay" and "apple-pay" both become "applepay". */
function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

// Names people use for the same brand, beyond the brand's own squashed name.
const ALIASES: Record<string, VendorBrand> = {
  squarecash: 'cashapp',
  gpay: 'googlepay',
  googlewallet: 'googlepay',
  applewallet: 'applepay',
};

/** The known brand a vendor name refers to, or null for any other vendor. */
export function vendorBrand(name: string): VendorBrand | null {
  const key = squash(name);
  if (!key) return null;
  if (ALIASES[key]) return ALIASES[key];
  return VENDOR_BRANDS.find((brand) => key.includes(brand)) ?? null;
}

/** The letter shown for a vendor without a known mark: the name's first character, upper case. */
export function vendorInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase('en-US') : '?';
}

/**
 * The vendor's own payment page for a payment id, for the vendors whose page follows from the id
 * alone: https://paypal.me/ID, https://cash.app/$ID, https://venmo.com/u/ID. Null for any other
 * vendor, and for an id that is not a plain handle (letters, digits, `.`, `_`, `-`; a leading `$`
 * for Cash App or `@` for Venmo is how people write them and is left out), so nothing typed can
 * turn the address into another one.
 */
export function vendorPaymentUrl(vendorName: string, paymentId: string): string | null {
  const brand = vendorBrand(vendorName);
  const id = paymentId.trim().replace(brand === 'cashapp' ? /^\$/ : brand === 'venmo' ? /^@/ : /^$/, '');
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(id)) return null;
  if (brand === 'paypal') return `https://paypal.me/${id}`;
  if (brand === 'cashapp') return `https://cash.app/$${id}`;
  if (brand === 'venmo') return `https://venmo.com/u/${id}`;
  return null;
}
