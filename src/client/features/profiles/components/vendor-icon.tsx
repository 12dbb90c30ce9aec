// Small marks for payment vendors (lucide has no brand icons). Decorative: the vendor's name is
// always written beside the mark.
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { type VendorBrand, vendorBrand, vendorInitial } from '../lib/vendor-brand';

const GLYPH = {
  fill: '#fff',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  fontWeight: 800,
  textAnchor: 'middle',
} as const;

/** A rounded tile in the brand's colour with a white glyph. */
function Tile({ color, children, ring = false }: { color: string; children: ReactNode; ring?: boolean }) {
  return (
    <>
      <rect
        width="40"
        height="40"
        rx="10"
        fill={color}
        // Dark and white tiles get a faint rim so they stay visible on either theme.
        {...(ring ? { stroke: 'currentColor', strokeOpacity: 0.25 } : {})}
      />
      {children}
    </>
  );
}

/** A tile with one white letter or sign, the simplest mark. */
function letterMark(color: string, letter: string, { italic = false, size = 25 } = {}) {
  return (
    <Tile color={color}>
      <text x="20" y="29" fontSize={size} fontStyle={italic ? 'italic' : undefined} {...GLYPH}>
        {letter}
      </text>
    </Tile>
  );
}

const MARKS: Record<VendorBrand, ReactNode> = {
  paypal: (
    <Tile color="#003087">
      <text x="22.5" y="29" fontSize="24" fontStyle="italic" {...GLYPH} fill="#009CDE">
        P
      </text>
      <text x="19.5" y="27" fontSize="24" fontStyle="italic" {...GLYPH}>
        P
      </text>
    </Tile>
  ),
  cashapp: letterMark('#00D632', '$', { size: 26 }),
  venmo: letterMark('#008CFF', 'V', { italic: true }),
  stripe: letterMark('#635BFF', 'S'),
  applepay: (
    <Tile color="#000" ring>
      {/* An apple: body and leaf. */}
      <path
        fill="#fff"
        d="M25.6 20.9c0-2.4 2-3.6 2.1-3.7-1.2-1.7-3-1.9-3.6-1.9-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.9-1.7 0-3.3 1-4.1 2.5-1.8 3.1-.5 7.6 1.3 10.1.8 1.2 1.8 2.6 3.1 2.5 1.3-.1 1.7-.8 3.3-.8 1.5 0 2 .8 3.3.8 1.4 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8 0 0-2.5-1-2.6-3.9z"
      />
      <path fill="#fff" d="M23.2 13.7c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z" />
    </Tile>
  ),
  googlepay: (
    <Tile color="#fff" ring>
      <text x="20" y="28.5" fontSize="24" {...GLYPH} fill="#4285F4">
        G
      </text>
    </Tile>
  ),
  mastercard: (
    <Tile color="#1c1917" ring>
      <circle cx="15.5" cy="20" r="8" fill="#EB001B" />
      <circle cx="24.5" cy="20" r="8" fill="#F79E1B" />
      {/* Where the two rings overlap. */}
      <path fill="#FF5F00" d="M20 13.4a8 8 0 0 1 0 13.2 8 8 0 0 1 0-13.2z" />
    </Tile>
  ),
  visa: (
    <Tile color="#1A1F71">
      <text x="20" y="25" fontSize="13" fontStyle="italic" letterSpacing="0.5" {...GLYPH}>
        VISA
      </text>
    </Tile>
  ),
};

/** The vendor's mark (docs/product.md: chosen by name), or a circle with the first letter of its name. */
export function VendorIcon({ name, className }: { name: string; className?: string }) {
  const brand = vendorBrand(name);
  if (!brand) {
    return (
      <span
        aria-hidden="true"
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-lg font-bold text-primary-soft-foreground',
          className,
        )}
      >
        {vendorInitial(name)}
      </span>
    );
  }
  return (
    <svg
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      data-brand={brand}
      className={cn('size-10 shrink-0 text-foreground', className)}
    >
      {MARKS[brand]}
    </svg>
  );
}
