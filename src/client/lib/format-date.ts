const UNKNOWN_DATE = 'Unknown date';

type ShortDateOptions = {
  /** The viewer's time zone unless given (tests pass one). */
  timeZone?: string;
  /** What an empty or unusable date reads as. */
  fallback?: string;
};

/**
 * 'MMM d, yyyy' (e.g. 'Mar 7, 2025') with Intl, in the viewer's time zone unless one is given;
 * 'Unknown date' (or the fallback given) when there is no usable date.
 */
export function formatShortDate(value: string | null | undefined, { timeZone, fallback = UNKNOWN_DATE }: ShortDateOptions = {}): string {
  if (!value) return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return fallback;
  const parts = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }).formatToParts(
    date,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('year')}`;
}
