import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

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
