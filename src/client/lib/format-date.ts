import type { Language } from '#shared/i18n.js';
import { currentLanguage, translate } from './i18n';

type ShortDateOptions = {
  /** The viewer's time zone unless given (tests pass one). */
  timeZone?: string;
  /** What an empty or unusable date reads as ('Unknown date' in the page's language unless given). */
  fallback?: string;
  /** The page's language unless given. */
  language?: Language;
};

// English short months, 'MMM d, yyyy' (docs/product.md): the en-US short date, without building an Intl formatter.
// eslint-disable-next-line lingui/no-unlocalized-strings -- English month abbreviations of the English date format itself
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Intl formatters by language and time zone: building one loads locale data (tens of milliseconds on a phone). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(language: Language, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language} ${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A short date in the page's language, in the viewer's time zone unless one is given: English
 * 'MMM d, yyyy' (e.g. 'Mar 7, 2025'), other languages as Intl writes them ('7 mar 2025'); 'Unknown
 * date' (or the fallback given) when there is no usable date. In English and the viewer's zone no
 * Intl is needed: the Date's own local fields are that zone, and en-US short months are these names
 * (a test compares the two).
 */
export function formatShortDate(
  value: string | null | undefined,
  { timeZone, fallback, language = currentLanguage() }: ShortDateOptions = {},
): string {
  const date = value ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return fallback ?? translate('core.common.unknownDate');
  if (language !== 'en') return formatterFor(language, timeZone).format(date);
  if (timeZone === undefined) return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  const parts = formatterFor(language, timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')}`;
}
