// Serves the built SPA (dist/) with a strict CSP on HTML and long-lived caching for hashed assets.
import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

export const SPA_CSP = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "connect-src 'self' https://api.stripe.com",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  // No other site may frame the shop (clickjacking); X-Frame-Options says the same to old browsers.
  "frame-ancestors 'none'",
].join('; ');

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
};

export type StaticOutcome = 'served' | 'not-found';

function fileIn(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = normalize(join(root, decoded));
  // Never leave dist/ (../ and encoded variants end up here after normalising).
  if (full !== root && !full.startsWith(root + sep)) return null;
  return full;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function send(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): void {
  const stat = statSync(file);
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', stat.mtime.toUTCString());
  if (type.startsWith('text/html')) {
    res.setHeader('Content-Security-Policy', SPA_CSP);
    res.setHeader('X-Frame-Options', 'DENY');
  }
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('Content-Length', String(stat.size));
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/**
 * GET/HEAD of a non-API path: the file when it exists, index.html for extension-less paths (SPA
 * routes), else not found.
 */
export function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  distDir: string | null,
): StaticOutcome {
  if (!distDir) return 'not-found';
  const root = resolve(distDir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return 'not-found';
  const file = fileIn(root, pathname);
  if (file && isFile(file)) {
    const immutable = pathname.startsWith('/assets/');
    const cache = immutable
      ? 'public, max-age=31536000, immutable'
      : file === index
        ? 'no-cache'
        : 'public, max-age=3600';
    send(req, res, file, cache);
    return 'served';
  }
  const last = pathname.split('/').pop() ?? '';
  if (extname(last) !== '' || pathname.startsWith('/assets/')) return 'not-found';
  send(req, res, index, 'no-cache');
  return 'served';
}
