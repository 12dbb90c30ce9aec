// Where sign-in returns to (`/auth?next=...`, docs/product.md, Pages): a visitor sent to sign in
// from "Contact owner", "Share Something" or a signed-in page comes back there afterwards. Only a
// path of this site's own pages is followed; anything else (another site, a scheme, a protocol-
// relative or backslash trick, the sign-in page itself) falls back to /home.
import { isPagePath, PAGE_ROUTES } from './routes.js';

const BASE = 'https://next.invalid';

const hasControl = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The path, query and fragment to return to, or null when `value` is not a same-site page path. */
export function safeNextPath(value: string | null | undefined): string | null {
  // One leading slash, then not a second slash or a backslash; no backslash or control character anywhere
  // (browsers read `\` as `/` and drop tabs and newlines, which would make `/\evil` or `/\t/evil` another site).
  if (!value || value.length > 2000 || !/^\/(?![/\\])/.test(value) || value.includes('\\') || hasControl(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || !isPagePath(url.pathname) || url.pathname.toLowerCase() === PAGE_ROUTES.auth) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in page, returning to `next` afterwards (when it is a path safeNextPath accepts). */
export function signInPath(next: string): string {
  const safe = safeNextPath(next);
  return safe && safe !== PAGE_ROUTES.home ? `${PAGE_ROUTES.auth}?next=${encodeURIComponent(safe)}` : PAGE_ROUTES.auth;
}
