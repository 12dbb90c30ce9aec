const UNKNOWN_DATE = 'Unknown date';

type ShortDateOptions = {
  /** The viewer's time zone unless given (tests pass one). */
  timeZone?: string;
  /** What an empty or unusable date reads as. */
  fallback?: string;
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Intl formatters by time zone: building one loads locale data (tens of milliseconds on a phone). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * 'MMM d, yyyy' (e.g. 'Mar 7, 2025'), in the viewer's time zone unless one is given; 'Unknown date'
 * (or the fallback given) when there is no usable date. The viewer's zone needs no Intl: the Date's
 * own local fields are that zone, and en-US short months are these names (a test compares the two).
 */
export function formatShortDate(value: string | null | undefined, { timeZone, fallback = UNKNOWN_DATE }: ShortDateOptions = {}): string {
  if (!value) return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  if (timeZone === undefined) return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')}`;
}
