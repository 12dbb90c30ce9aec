import type { Language } from '#shared/i18n.js';
import { currentLanguage, translate } from './i18n';

/** Relative-time formatters by language: building one loads locale data. */
const formatters = new Map<Language, Intl.RelativeTimeFormat>();

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * How long ago something happened, in the page's language by Intl.RelativeTimeFormat ('2 hr. ago',
 * '3 days ago', 'hace 2 h'); under a minute (or a clock a little ahead) 'just now'; '' for no usable date.
 */
export function formatAge(value: string | null | undefined, { now = Date.now(), language = currentLanguage() } = {}): string {
  const at = value ? Date.parse(value) : NaN;
  if (Number.isNaN(at)) return '';
  const ago = now - at;
  let formatter = formatters.get(language);
  if (!formatter) formatters.set(language, (formatter = new Intl.RelativeTimeFormat(language, { style: 'short', numeric: 'always' })));
  for (const [unit, ms] of UNITS) {
    if (ago >= ms) return formatter.format(-Math.floor(ago / ms), unit);
  }
  return translate('core.item.justNow');
}
