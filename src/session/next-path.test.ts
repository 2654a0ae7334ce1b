import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it.each([
    ['/account', '/account'],
    ['/account/address?tab=1#top', '/account/address?tab=1#top'],
  ])('keeps a path of this site: %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    null,
    '',
    'account',
    '//evil.test/account',
    '/\\evil.test',
    'https://evil.test/account',
    'javascript:alert(1)',
    // Normalises to //evil.test, which a browser reads as another origin (issue 15).
    '/.//evil.test',
    '/a/..//evil.test/x',
    '/%2e//evil.test',
  ])('refuses %s', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});
