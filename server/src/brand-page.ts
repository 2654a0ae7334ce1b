// Small server-rendered pages in the shop's brand: the sign-in linking and error pages of the
// OpenID Connect flow, and the local provider's login and consent page. No script, inline style
// only, never framed.
import { BRAND_NAME } from '../../contract/brand';

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The page's own policy: inline style only; its forms may post to `formTargets` (and 'self'). */
export function brandPageHeaders(formTargets: string[] = []): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      `form-action 'self'${formTargets.map((origin) => ` ${origin}`).join('')}`,
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-store',
  };
}

export interface BrandPage {
  /** The document title and the page's heading. */
  title: string;
  /** Small text above the heading, e.g. the provider's name. */
  eyebrow?: string;
  /** Trusted HTML (escape every value put into it). */
  body: string;
}

/** The shop's mark (src/app/brand-mark.tsx): a coffee bean under a rising light. Decorative. */
const BRAND_MARK = `<svg class="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false"><circle cx="16" cy="16" r="15" fill="currentColor"/><path d="M16 6.5c-5 0-8.5 4.3-8.5 9.5s3.5 9.5 8.5 9.5 8.5-4.3 8.5-9.5S21 6.5 16 6.5Z" class="bean"/><path d="M17.6 7.2c-3.4 2.6-4.5 5.7-3.3 8.8 1.2 3.1.4 6.3-2.6 9.2" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>`;

export function brandPage({ title, eyebrow, body }: BrandPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(BRAND_NAME)}</title>
<style>
  /* The shop's palette (panda.config.ts: bg, surface, text, textMuted, border, accent), light and
     dark with the device. The shop's web fonts are its origin's; this page uses their fallbacks. */
  :root { color-scheme: light;
    --bg: #fbf7f2; --surface: #fffdf9; --text: #2a1c13; --muted: #6a5547; --border: #e8d9c7;
    --field: #d9c3aa; --brand: #854b22; --brand-text: #fffdf9; --hover: #f3e3d3;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; }
  @media (prefers-color-scheme: dark) {
    :root { color-scheme: dark;
      --bg: #17100c; --surface: #221a14; --text: #f4ebe0; --muted: #c9b8a8; --border: #3a2c22;
      --field: #4d3b2e; --brand: #e0a06a; --brand-text: #17100c; --hover: #3a2a1d; }
  }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text); }
  main { box-sizing: border-box; width: min(28rem, 92vw); margin: 1.5rem 0; border: 1px solid var(--border); border-radius: 1.25rem; padding: 1.5rem; background: var(--surface); }
  .brand { margin: 0 0 1.25rem; display: flex; align-items: center; gap: .6rem; font-family: 'Iowan Old Style', 'Palatino Linotype', Georgia, serif; font-size: 1.2rem; font-weight: 700; color: var(--text); }
  .brand svg { flex-shrink: 0; color: var(--brand); }
  .brand .bean { fill: var(--surface); }
  .eyebrow { margin: 0 0 .25rem; font-size: .85rem; color: var(--muted); }
  h1 { font-family: 'Iowan Old Style', 'Palatino Linotype', Georgia, serif; font-size: 1.45rem; margin: 0 0 .75rem; }
  p { margin: 0 0 1rem; line-height: 1.45; }
  form { margin: 0 0 .75rem; }
  label { display: grid; gap: .3rem; font-size: .95rem; margin-bottom: .75rem; }
  input[type=password] { padding: .55rem; border-radius: .75rem; border: 1px solid var(--field); font: inherit; background: var(--surface); color: var(--text); }
  button { font: inherit; cursor: pointer; }
  .primary { width: 100%; padding: .65rem 1rem; border-radius: 999px; border: 0; background: var(--brand); color: var(--brand-text); font-weight: 600; }
  .secondary { width: 100%; padding: .6rem 1rem; border-radius: 999px; border: 1px solid var(--field); background: transparent; color: var(--text); font-weight: 600; }
  .secondary:hover { background: var(--hover); }
  .identity { width: 100%; display: flex; flex-direction: column; align-items: flex-start; gap: .15rem; padding: .75rem 1rem; border-radius: .75rem; border: 1px solid var(--field); background: transparent; color: inherit; text-align: left; }
  .identity:hover, .identity:focus-visible { background: var(--hover); }
  .identity span { font-size: .85rem; color: var(--muted); }
  .link { background: none; border: 0; padding: 0; color: var(--brand); text-decoration: underline; }
  a { color: var(--brand); }
  .problem { padding: .75rem 1rem; border-radius: 8px; border: 1px solid #b42318; }
  .note { font-size: .8rem; color: var(--muted); margin-top: 1rem; }
  :focus-visible { outline: 2px solid var(--brand); outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <p class="brand">${BRAND_MARK}${escapeHtml(BRAND_NAME)}</p>
  ${eyebrow ? `<p class="eyebrow">${escapeHtml(eyebrow)}</p>` : ''}
  <h1>${escapeHtml(title)}</h1>
  ${body}
</main>
</body>
</html>`;
}
