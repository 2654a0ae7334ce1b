import { paths } from '../lib/paths';

/**
 * Where sign-in may send the shopper back to: only a path of this site ("/account/address"),
 * never another origin ("//evil.test", "/\\evil.test", "/.//evil.test", "https://evil.test") or a
 * script URL.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return null;
  if (raw.includes('\\')) return null;
  try {
    const base = 'https://storefront.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return null;
    // Dot segments can normalise to a leading "//" ("/.//evil.test"), which the router or a
    // later navigation would read as another origin: refuse rather than repair.
    if (url.pathname.startsWith('//') || url.pathname.includes('\\')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The sign-in page's address that comes back to `returnTo` (a path of this site) afterwards. */
export function signInReturningTo(returnTo: string): string {
  return `${paths.signIn()}?${new URLSearchParams({ next: returnTo }).toString()}`;
}
