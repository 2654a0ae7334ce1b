import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatEventStart,
  formatLongDate,
  formatTransactionDate,
} from './format-date';

describe('formatDate', () => {
  it('prints a day a shopper reads at a glance, in their own time zone', () => {
    const iso = '2026-11-21T12:00:00.000Z';
    const local = new Date(iso);
    const expected = `${local.toLocaleString('en-US', { month: 'short' })} ${local.getDate()}, ${local.getFullYear()}`;
    expect(formatDate(iso)).toBe(expected);
  });

  it('shows an unreadable value as it came rather than "Invalid Date", in every style', () => {
    for (const format of [
      formatDate,
      formatDateTime,
      formatLongDate,
      formatEventStart,
      formatTransactionDate,
    ]) {
      expect(format('soon')).toBe('soon');
    }
  });

  it('spells the month out for news and orders placed, and gives an order its time', () => {
    // Midday UTC is the 21st in every time zone from UTC-11 to UTC+11.
    expect(formatLongDate('2026-11-21T12:00:00.000Z')).toBe('November 21, 2026');
    expect(formatTransactionDate('2026-11-21T12:00:00.000Z')).toMatch(
      /^November 21, 2026 at \d{1,2}:00\s?[AP]M$/,
    );
  });

  it('starts an event with its weekday and hour, without the year', () => {
    expect(formatEventStart('2026-11-21T12:00:00.000Z')).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), Nov 21, \d{1,2}:00\s?[AP]M$/,
    );
  });

  it('gives events their weekday and hour', () => {
    expect(formatDateTime('2026-11-21T12:00:00.000Z')).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), Nov 2[01], 2026, \d{1,2}:00\s?[AP]M$/,
    );
  });
});

describe('the date styles write what Intl.DateTimeFormat writes in en-US (ADR-0068)', () => {
  const styles = [
    [formatDate, { dateStyle: 'medium' }],
    [formatLongDate, { month: 'long', day: 'numeric', year: 'numeric' }],
    [
      formatDateTime,
      {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      },
    ],
    [
      formatEventStart,
      { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
    ],
    [formatTransactionDate, { dateStyle: 'long', timeStyle: 'short' }],
  ] as const;
  // Every month, both halves of the day (midnight and noon among them), 1970 to 2100.
  const dates: string[] = [];
  let seed = 68;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 3_000; i += 1)
    dates.push(new Date(random() * 4_102_444_800_000).toISOString());
  for (let month = 0; month < 12; month += 1) {
    for (const hour of [0, 11, 12, 23]) {
      dates.push(new Date(Date.UTC(2026, month, 1, hour, 5)).toISOString());
    }
  }

  it.each(styles.map(([format, options], index) => [index, format, options] as const))(
    'style %i, in UTC and in the local zone',
    (_index, format, options) => {
      const utc = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
      const local = new Intl.DateTimeFormat('en-US', options);
      const differing = dates.filter(
        (iso) =>
          format(iso, 'UTC') !== utc.format(new Date(iso)) ||
          format(iso) !== local.format(new Date(iso)),
      );
      expect(differing).toEqual([]);
    },
  );
});
