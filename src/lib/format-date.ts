// Dates arrive as ISO-8601 strings (D1); shoppers read them in their own time zone, in English
// like the rest of the shop. Written by hand, not with Intl.DateTimeFormat: the first Intl
// formatter a page builds starts the browser's ICU, 37 to 105 ms of main thread on this project's
// machine before 4x throttling, in the task that hydrates the news, events and order pages
// (ADR-0068). The output is what Intl writes in en-US; format-date.test.ts holds the two side by
// side, in UTC and in the zone the tests run in.

/**
 * Formats an ISO date in the shopper's time zone, or in `timeZone` when given: a page rendered on
 * the server is written in UTC, and its hydration must read the same (src/ui/local-time.tsx).
 */
export type Format = (iso: string, timeZone?: 'UTC') => string;

const MONTHS =
  'January February March April May June July August September October November December'.split(
    ' ',
  );
const WEEKDAYS = 'Sun Mon Tue Wed Thu Fri Sat'.split(' ');

/** The parts a style is written from, in the shopper's zone or in UTC. */
type Parts = {
  year: number;
  /** "November" */
  month: string;
  day: number;
  /** "Sat" */
  weekday: string;
  /** "6:30 PM" */
  time: string;
};

type Field = 'FullYear' | 'Month' | 'Date' | 'Day' | 'Hours' | 'Minutes';

function partsOf(date: Date, timeZone?: 'UTC'): Parts {
  // date.getHours() in the shopper's zone, date.getUTCHours() in UTC.
  const get = (field: Field) => date[`get${timeZone ?? ''}${field}`]();
  const hours = get('Hours');
  return {
    year: get('FullYear'),
    month: MONTHS[get('Month')] ?? '',
    day: get('Date'),
    weekday: WEEKDAYS[get('Day')] ?? '',
    time: `${hours % 12 || 12}:${String(get('Minutes')).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`,
  };
}

/** A style from its parts. An unreadable value is shown as it came rather than as "Invalid Date". */
function dateFormat(write: (parts: Parts) => string): Format {
  return (iso, timeZone) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return iso;
    return write(partsOf(date, timeZone));
  };
}

const short = (month: string) => month.slice(0, 3);

/** "Nov 21, 2026": order lists. */
export const formatDate: Format = dateFormat((p) => `${short(p.month)} ${p.day}, ${p.year}`);

/** "November 21, 2026": news. */
export const formatLongDate: Format = dateFormat((p) => `${p.month} ${p.day}, ${p.year}`);

/** "Sat, Nov 21, 2026, 6:30 PM": events, where the hour matters. */
export const formatDateTime: Format = dateFormat(
  (p) => `${p.weekday}, ${short(p.month)} ${p.day}, ${p.year}, ${p.time}`,
);

/** "Sat, Dec 6, 10:00 AM": when an upcoming event starts (this year's, so no year). */
export const formatEventStart: Format = dateFormat(
  (p) => `${p.weekday}, ${short(p.month)} ${p.day}, ${p.time}`,
);

/** "November 25, 2026 at 3:20 PM": when an order was placed. */
export const formatTransactionDate: Format = dateFormat(
  (p) => `${p.month} ${p.day}, ${p.year} at ${p.time}`,
);
