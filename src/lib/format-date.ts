// Dates arrive as ISO-8601 strings (D1); shoppers read them in their own time zone, in English
// like the rest of the shop.
const LOCALE = 'en-US';

/**
 * Formats an ISO date in the shopper's time zone, or in `timeZone` when given: a page rendered on
 * the server is written in UTC, and its hydration must read the same (src/ui/local-time.tsx).
 */
export type Format = (iso: string, timeZone?: 'UTC') => string;

/**
 * One formatter per style and zone, built on first use (building an Intl.DateTimeFormat is
 * costly, formatting with one is cheap). An unreadable value is shown as it came rather than as
 * "Invalid Date".
 */
function dateFormat(options: Intl.DateTimeFormatOptions): Format {
  let local: Intl.DateTimeFormat | undefined;
  let utc: Intl.DateTimeFormat | undefined;
  return (iso, timeZone) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    const format =
      timeZone === 'UTC'
        ? (utc ??= new Intl.DateTimeFormat(LOCALE, { ...options, timeZone }))
        : (local ??= new Intl.DateTimeFormat(LOCALE, options));
    return format.format(date);
  };
}

/** "Nov 21, 2026": order lists. */
export const formatDate: Format = dateFormat({ dateStyle: 'medium' });

/** "November 21, 2026": news. */
export const formatLongDate: Format = dateFormat({
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** "Sat, Nov 21, 2026, 6:30 PM": events, where the hour matters. */
export const formatDateTime: Format = dateFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Sat, Dec 6, 10:00 AM": when an upcoming event starts (this year's, so no year). */
export const formatEventStart: Format = dateFormat({
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "November 25, 2026 at 3:20 PM": when an order was placed. */
export const formatTransactionDate: Format = dateFormat({ dateStyle: 'long', timeStyle: 'short' });

/** "02:00:00" → "2 hours", "01:30:00" → "1 hour 30 minutes"; an odd value is shown as it came. */
export function formatDuration(duration: string): string {
  const match = /^(\d{2}):(\d{2}):\d{2}$/.exec(duration);
  if (!match) return duration;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '',
    minutes > 0 ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` : '',
  ].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : duration;
}
