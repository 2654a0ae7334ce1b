import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberProviderNext, safeNextPath, takeProviderNext } from './next-path';

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

describe('the way back from the identity provider', () => {
  // This tab's session storage (the project runs in node, without one).
  beforeEach(() => {
    const kept = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => kept.set(key, value),
      removeItem: (key: string) => kept.delete(key),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('comes back once to the remembered path of this site', () => {
    rememberProviderNext('/menu?step=details');
    expect(takeProviderNext()).toBe('/menu?step=details');
    expect(takeProviderNext()).toBeNull();
  });

  it('never to another origin, and nothing remembered means the default', () => {
    rememberProviderNext('//evil.test/menu');
    expect(takeProviderNext()).toBeNull();
    rememberProviderNext('/account');
    rememberProviderNext(null);
    expect(takeProviderNext()).toBeNull();
  });
});
