import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration } from './format-date';

describe('formatDate', () => {
  it('prints a day a shopper reads at a glance, in their own time zone', () => {
    const iso = '2026-11-21T12:00:00.000Z';
    const local = new Date(iso);
    const expected = `${local.toLocaleString('en-US', { month: 'short' })} ${local.getDate()}, ${local.getFullYear()}`;
    expect(formatDate(iso)).toBe(expected);
  });

  it('shows an unreadable value as it came rather than "Invalid Date"', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('gives events their weekday and hour', () => {
    expect(formatDateTime('2026-11-21T12:00:00.000Z')).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), Nov 2[01], 2026, \d{1,2}:00\s?[AP]M$/,
    );
  });
});

describe('formatDuration', () => {
  it('reads hours and minutes in words', () => {
    expect(formatDuration('02:00:00')).toBe('2 hours');
    expect(formatDuration('01:30:00')).toBe('1 hour 30 minutes');
    expect(formatDuration('00:45:00')).toBe('45 minutes');
    expect(formatDuration('00:01:00')).toBe('1 minute');
  });

  it('keeps a value it cannot read', () => {
    expect(formatDuration('00:00:30')).toBe('00:00:30');
    expect(formatDuration('two hours')).toBe('two hours');
  });
});
