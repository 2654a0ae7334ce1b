// Serves the built SPA (dist/) through sirv: the precompressed .br/.gz files the build wrote
// (scripts/precompress.ts) when the browser accepts them, ETags, ranges and HEAD. Around it: a
// strict CSP and no framing on HTML, immutable caching for hashed assets, no-cache for index.html.
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve } from 'node:path';
import sirv from 'sirv';
import { PAGE_SCRIPT_HASHES } from './page-render';

/** The storefront's Content-Security-Policy; images and videos may also come from the public asset origin. */
function spaCsp(assetOrigin: string | null = null): string {
  return [
    "default-src 'self'",
    // A rendered page's two inline scripts: its boot (its theme, then the app after the first
    // paint) and its tap capture (taps before the app runs are replayed once it does, ADR-0060).
    `script-src 'self' ${PAGE_SCRIPT_HASHES} https://js.stripe.com`,
    'frame-src https://js.stripe.com https://hooks.stripe.com',
    "connect-src 'self' https://api.stripe.com",
    `img-src 'self' data:${assetOrigin ? ` ${assetOrigin}` : ''}`,
    // Spaces may be videos (spec §2), served where the images are.
    `media-src 'self'${assetOrigin ? ` ${assetOrigin}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // No other site may frame the shop (clickjacking); X-Frame-Options says the same to old browsers.
    "frame-ancestors 'none'",
  ].join('; ');
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
};

export type StaticOutcome = 'served' | 'not-found';

type Sirv = ReturnType<typeof sirv>;

function isHtmlPath(pathname: string): boolean {
  const ext = extname(pathname.split('/').pop() ?? '').toLowerCase();
  return ext === '' || ext === '.html';
}

/**
 * GET/HEAD of a non-API path: the file when it exists, index.html for extension-less paths (SPA
 * routes), else not found. sirv indexes dist/ when created; a rebuild (index.html changes) makes a
 * new index.
 */
/** The headers every HTML answer carries: the CSP, no framing, and asked again each time. */
export function htmlHeaders(assetOrigin: string | null): (res: ServerResponse) => void {
  const csp = spaCsp(assetOrigin);
  return (res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Frame-Options', 'DENY');
  };
}

export function createStaticFiles(
  distDir: string | null,
  assetOrigin: string | null,
): (req: IncomingMessage, res: ServerResponse, pathname: string) => StaticOutcome {
  const root = distDir ? resolve(distDir) : null;
  const index = root ? join(root, 'index.html') : null;
  const setHtmlHeaders = htmlHeaders(assetOrigin);
  let handler: Sirv | null = null;
  let indexedAt = -1;

  function current(): Sirv | null {
    if (!root || !index || !existsSync(index)) return null;
    const mtime = statSync(index).mtimeMs;
    if (!handler || mtime !== indexedAt) {
      indexedAt = mtime;
      handler = sirv(root, {
        dev: false,
        etag: true,
        brotli: true,
        gzip: true,
        setHeaders(res, pathname) {
          const type = CONTENT_TYPES[extname(pathname).toLowerCase()];
          if (isHtmlPath(pathname)) {
            setHtmlHeaders(res);
          } else {
            if (type) res.setHeader('Content-Type', type);
            // Hashed file names change with their content, so they may be cached for good.
            res.setHeader(
              'Cache-Control',
              pathname.startsWith('/assets/')
                ? 'public, max-age=31536000, immutable'
                : 'public, max-age=3600',
            );
          }
        },
      });
    }
    return handler;
  }

  /**
   * Whether a non-HTML file is still on disk. A rebuild in place removes the old build's files
   * (with their .br and .gz) while the server runs; sirv would open the one it had indexed, and
   * that read error would end the process. A tab still on the old build gets a 404 for its chunk
   * instead (src/ui/lazy-part.tsx offers Retry).
   */
  function stillThere(pathname: string): boolean {
    if (!root || isHtmlPath(pathname)) return true;
    let file: string;
    try {
      file = join(root, decodeURIComponent(pathname));
    } catch {
      return true; // sirv answers a malformed path itself
    }
    return !file.startsWith(root) || existsSync(file);
  }

  return (req, res, pathname) => {
    const serve = current();
    if (!serve) return 'not-found';
    if (!stillThere(pathname)) return 'not-found';
    let found = true;
    // sirv looks files up synchronously and calls next() when there is none.
    serve(req, res, () => {
      found = false;
    });
    if (found) return 'served';
    if (!isHtmlPath(pathname) || pathname.startsWith('/assets/')) return 'not-found';
    const original = req.url;
    req.url = '/';
    found = true;
    serve(req, res, () => {
      found = false;
    });
    req.url = original;
    return found ? 'served' : 'not-found';
  };
}
