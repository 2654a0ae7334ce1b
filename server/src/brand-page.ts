// Small server-rendered pages in the shop's brand: the sign-in linking and error pages of the
// OpenID Connect flow, and the local provider's login and consent page. No script, inline style
// only, never framed.
import { BRAND_NAME } from './brand';

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

export function brandPage({ title, eyebrow, body }: BrandPage): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(BRAND_NAME)}</title>
<style>
  :root { color-scheme: light dark; --brand: light-dark(#6b3f1d, #e0b48a); --brand-text: light-dark(#fff, #1f140c); font-family: system-ui, sans-serif; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
  main { box-sizing: border-box; width: min(28rem, 92vw); border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); border-radius: 12px; padding: 1.5rem; }
  .brand { margin: 0 0 1rem; font-weight: 700; letter-spacing: .02em; color: var(--brand); }
  .eyebrow { margin: 0 0 .25rem; font-size: .85rem; opacity: .8; }
  h1 { font-size: 1.3rem; margin: 0 0 .75rem; }
  p { margin: 0 0 1rem; line-height: 1.45; }
  form { margin: 0 0 .75rem; }
  label { display: grid; gap: .3rem; font-size: .95rem; margin-bottom: .75rem; }
  input[type=password] { padding: .55rem; border-radius: 6px; border: 1px solid color-mix(in srgb, CanvasText 35%, transparent); font: inherit; background: Field; color: FieldText; }
  button { font: inherit; cursor: pointer; }
  .primary { width: 100%; padding: .65rem 1rem; border-radius: 8px; border: 0; background: var(--brand); color: var(--brand-text); font-weight: 600; }
  .identity { width: 100%; display: flex; flex-direction: column; align-items: flex-start; gap: .15rem; padding: .75rem 1rem; border-radius: 8px; border: 1px solid color-mix(in srgb, CanvasText 25%, transparent); background: transparent; color: inherit; text-align: left; }
  .identity:hover, .identity:focus-visible { background: color-mix(in srgb, CanvasText 8%, transparent); }
  .identity span { font-size: .85rem; opacity: .8; }
  .link { background: none; border: 0; padding: 0; color: var(--brand); text-decoration: underline; }
  a { color: var(--brand); }
  .problem { padding: .75rem 1rem; border-radius: 8px; border: 1px solid #b42318; }
  .note { font-size: .8rem; opacity: .8; margin-top: 1rem; }
  :focus-visible { outline: 2px solid var(--brand); outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <p class="brand">${escapeHtml(BRAND_NAME)}</p>
  ${eyebrow ? `<p class="eyebrow">${escapeHtml(eyebrow)}</p>` : ''}
  <h1>${escapeHtml(title)}</h1>
  ${body}
</main>
</body>
</html>`;
}
