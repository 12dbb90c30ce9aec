import { META_DESCRIPTION_MAX, SHARE_TEXT_MAX } from '#shared/constants.js';

const ELLIPSIS = '...';

/** Cuts `text` to `max` characters and adds '...' when anything was cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}${ELLIPSIS}`;
}

/** The text sent to social networks: the description, cut at SHARE_TEXT_MAX characters plus '...'. */
export function shareText(description: string): string {
  return truncateText(description.trim(), SHARE_TEXT_MAX);
}

/** The page's meta description: one line, at most META_DESCRIPTION_MAX characters in all. */
export function metaDescription(description: string): string {
  const oneLine = description.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= META_DESCRIPTION_MAX) return oneLine;
  return truncateText(oneLine, META_DESCRIPTION_MAX - ELLIPSIS.length);
}

export type ShareTarget = { url: string; title: string; description: string };

export type ShareLinks = { facebook: string; twitter: string; whatsapp: string; email: string };

/** External share links for an item page; every value is URL-encoded. */
export function buildShareLinks({ url, title, description }: ShareTarget): ShareLinks {
  const u = encodeURIComponent(url);
  const text = shareText(description);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
    twitter: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(`${title} - ${text}`)}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} - ${text} ${url}`)}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${text}\n\n${url}`)}`,
  };
}

/** The address people share: the configured public URL when there is one, else this origin. */
export function itemPageUrl(id: number, publicUrl: string | null | undefined, origin: string): string {
  const base = (publicUrl || origin).replace(/\/+$/, '');
  return `${base}/items/${id}`;
}
