// Dates on the home page, in the shopper's own time zone. One formatter each: building an
// Intl.DateTimeFormat is costly, formatting with one is cheap.
const eventDate = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const newsDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

/** "Sat, Dec 6, 10:00 AM": when an event starts. */
export function formatEventStart(iso: string): string {
  return eventDate.format(new Date(iso));
}

/** "December 6, 2026": when a news item was published. */
export function formatNewsDate(iso: string): string {
  return newsDate.format(new Date(iso));
}
