// Dates arrive as ISO-8601 strings (D1); shoppers read them in their own time zone, in English
// like the rest of the shop.
const LOCALE = 'en-US';

const dayFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium' });
const dayAndTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Nov 21, 2026"; an unreadable value is shown as it came rather than as "Invalid Date". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
}

/** "Sat, Nov 21, 2026, 6:30 PM": for events, where the hour matters. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayAndTimeFormat.format(date);
}

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
