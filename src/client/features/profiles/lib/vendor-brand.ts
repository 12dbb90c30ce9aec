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
