import { paths } from '../lib/paths';

let captured: string | null = null;

/**
 * On /auth/callback?token=…, takes the token out of the address bar and out of the history
 * (replaceState rewrites the entry the identity provider's redirect created) and keeps it in
 * memory for the callback page. Called first thing at start-up, so the token never stays in a
 * URL that could be bookmarked, shared or sent as a referrer.
 */
export function captureCallbackToken(win: Window = window): void {
  if (win.location.pathname !== paths.authCallback()) return;
  const params = new URLSearchParams(win.location.search);
  if (!params.has('token')) return;
  captured = params.get('token');
  params.delete('token');
  const query = params.toString();
  win.history.replaceState(
    win.history.state,
    '',
    `${paths.authCallback()}${query ? `?${query}` : ''}${win.location.hash}`,
  );
}

/** The captured token (null when the page was opened without one). */
export function callbackToken(): string | null {
  return captured;
}
