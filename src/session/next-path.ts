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

/** Where the identity provider's round trip comes back to (this tab's session storage). */
const PROVIDER_NEXT_KEY = 'lumen_provider_next';

/**
 * Before leaving for the identity provider: remembers where to come back to once its sign-in is
 * done (a path of this site, or nothing: then the callback page's own default). The provider's
 * return address is fixed (the server allows only its own callback URL), so the place is kept in
 * this tab, which is the one that comes back.
 */
export function rememberProviderNext(next: string | null): void {
  try {
    const safe = safeNextPath(next);
    if (safe) sessionStorage.setItem(PROVIDER_NEXT_KEY, safe);
    else sessionStorage.removeItem(PROVIDER_NEXT_KEY);
  } catch {
    // Storage refused (private mode): the callback page goes to its default.
  }
}

/** Once back from the identity provider: where to go (a path of this site), at most once. */
export function takeProviderNext(): string | null {
  try {
    const next = safeNextPath(sessionStorage.getItem(PROVIDER_NEXT_KEY));
    sessionStorage.removeItem(PROVIDER_NEXT_KEY);
    return next;
  } catch {
    return null;
  }
}
