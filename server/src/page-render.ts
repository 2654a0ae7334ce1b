// Server-side rendering of the public pages (issue 19, ADR-0037). The SPA's server
// entry (src/entry-server.tsx, built by `vite build --ssr` into dist-ssr/) renders a page with its
// data; this module puts that HTML, the page's head and the dehydrated query cache into the built
// dist/index.html and answers. Anything else (a page that is not public, a missing SSR build, a
// render that fails or takes too long) falls through to the static SPA shell, which renders in the
// browser as before: rendering on the server is an improvement, never a new way to fail.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { loadServerEntry } from './ssr-entry';

/** What the server entry exports (src/entry-server.tsx); declared here, the server does not import the SPA. */
type RenderedPage = {
  status: number;
  html: string;
  head: string;
  state: unknown;
  hydrate: boolean;
  /** The public page's route: `module` is its page module, as Vite's manifest names it. */
  page: { name: string; module: string };
  preloadImages: readonly string[];
};
type ServerEntry = {
  renderPage(
    url: string,
    options: { apiBaseUrl: string; origin: string },
  ): Promise<RenderedPage | null>;
};
type ManifestChunk = { file: string; imports?: string[]; css?: string[] };

/**
 * The one inline script of a rendered page, allowed by its hash in the CSP. First it paints the
 * stored theme before the first paint (the same rule as src/app/theme.ts, which takes over once
 * the app runs). Then, once the browser has painted the page's content (its first contentful
 * paint), it adds the app's module scripts and the page's chunks (listed in `#page-scripts`): the
 * HTML, its stylesheet, fonts and main picture have the connection to themselves until the page
 * shows, and the app then hydrates what is already on screen (ADR-0037). At the latest
 * they start after a second (a tab opened in the background paints nothing).
 */
const PAGE_BOOT_SCRIPT =
  "(function(){try{var p=localStorage.getItem('theme');var d=p==='dark'||(p!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.classList.add(d?'dark':'light');r.style.colorScheme=d?'dark':'light'}catch(e){}" +
  "var l=document.getElementById('page-scripts');if(!l)return;var s=JSON.parse(l.textContent),n=0;" +
  "function a(t,p){var e=document.createElement(t);e.crossOrigin='';for(var k in p)e[k]=p[k];document.head.appendChild(e)}" +
  "function g(){if(n++)return;s.preload.forEach(function(h){a('link',{rel:'modulepreload',href:h})});s.modules.forEach(function(h){a('script',{type:'module',src:h})})}" +
  "try{new PerformanceObserver(function(q,o){if(q.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(g,0)}}).observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(g,0)})}" +
  'setTimeout(g,1000)})()';
export const PAGE_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(PAGE_BOOT_SCRIPT).digest('base64')}'`;

/** The shell's module scripts (the app's entry), which a rendered page loads after its first paint. */
const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;

export type PageRendererOptions = {
  distDir: string | null;
  ssrDir: string | null;
  /** Where the render asks for data; by default this server itself, on the address the request reached. */
  apiBaseUrl: string | null;
  /** The shop's public origin for this request (canonical and link-preview URLs). */
  publicOrigin: (req: IncomingMessage) => string;
  logger: { error(message: string, error?: unknown): void };
};

export type PageRenderer = (
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  search: string,
  setHtmlHeaders: (res: ServerResponse) => void,
) => Promise<boolean>;

/** JSON inside a <script> element: `<` escaped, so no `</script>` can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function between(text: string, start: string, end: string, replacement: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`dist/index.html has no ${start} … ${end}`);
  return text.slice(0, from) + replacement + text.slice(to + end.length);
}

/** The address this server was reached on, as a base URL it can ask itself on. */
function ownBaseUrl(req: IncomingMessage): string {
  const { localAddress, localPort } = req.socket;
  const host =
    !localAddress || localAddress === '::' || localAddress === '0.0.0.0'
      ? '127.0.0.1'
      : localAddress.replace(/^::ffff:/, '');
  return `http://${host.includes(':') ? `[${host}]` : host}:${localPort}`;
}

/** Rendered HTML is compressed as the build compresses its files (a fast level: per request). */
function compress(req: IncomingMessage, res: ServerResponse, body: Buffer): Buffer {
  res.setHeader('Vary', 'Accept-Encoding');
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    res.setHeader('Content-Encoding', 'br');
    return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (/\bgzip\b/.test(accepted)) {
    res.setHeader('Content-Encoding', 'gzip');
    return gzipSync(body, { level: 6 });
  }
  return body;
}

/**
 * The fonts the page's stylesheets use: preloaded with the HTML, so text is set in them from the
 * first paint instead of being set again (and moving) when they arrive.
 */
function fontsOf(distDir: string, html: string): string[] {
  const fonts = new Set<string>();
  for (const [, href] of html.matchAll(
    /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/g,
  )) {
    const file = join(distDir, href ?? '');
    if (!existsSync(file)) continue;
    for (const [, font] of readFileSync(file, 'utf8').matchAll(
      /url\((\/assets\/[^)]+\.woff2)\)/g,
    )) {
      if (font) fonts.add(font);
    }
  }
  return [...fonts];
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const distDir = options.distDir ? resolve(options.distDir) : null;
  let template: {
    mtime: number;
    html: string;
    manifest: Record<string, ManifestChunk>;
    fonts: string[];
  } | null = null;

  // Shared with the sitemap and robots.txt (seo/sitemap.ts): one import per build.
  const loadEntry = () => loadServerEntry<ServerEntry>(options.ssrDir);

  function loadTemplate() {
    if (!distDir) return null;
    const index = join(distDir, 'index.html');
    if (!existsSync(index)) return null;
    const mtime = statSync(index).mtimeMs;
    if (!template || template.mtime !== mtime) {
      const manifestFile = join(distDir, '.vite', 'manifest.json');
      const html = readFileSync(index, 'utf8');
      template = {
        mtime,
        html,
        fonts: fontsOf(distDir, html),
        manifest: existsSync(manifestFile)
          ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
          : {},
      };
    }
    return template;
  }

  /**
   * The page module's chunk and the chunks it imports, and the stylesheets they bring (a library's
   * own CSS), but those the HTML already loads: the chunks preloaded with the app's entry after the
   * first paint (PAGE_BOOT_SCRIPT), the stylesheets linked in the HTML.
   */
  function pageAssets(
    shellHtml: string,
    manifest: Record<string, ManifestChunk>,
    source: string | null,
  ): { scripts: string[]; styles: string[] } {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const style of chunk.css ?? []) styles.add(style);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    if (source) visit(source);
    const fresh = (file: string) => !shellHtml.includes(`/${file}"`);
    return { scripts: [...scripts].filter(fresh), styles: [...styles].filter(fresh) };
  }

  return async (req, res, pathname, search, setHtmlHeaders) => {
    const loading = loadEntry();
    const shell = loadTemplate();
    if (!loading || !shell) return false;
    let rendered: RenderedPage | null;
    try {
      const server = await loading;
      rendered = await server.renderPage(`${pathname}${search ? `?${search}` : ''}`, {
        apiBaseUrl: options.apiBaseUrl ?? ownBaseUrl(req),
        origin: options.publicOrigin(req),
      });
    } catch (error) {
      options.logger.error(`rendering ${pathname} failed; the browser renders it`, error);
      return false;
    }
    if (!rendered) return false;

    const assets = pageAssets(shell.html, shell.manifest, rendered.page.module);
    const preloads = [
      ...shell.fonts.map(
        (href) =>
          `<link rel="preload" as="font" type="font/woff2" href="${attr(href)}" crossorigin />`,
      ),
      ...rendered.preloadImages.map(
        (href) => `<link rel="preload" as="image" href="${attr(href)}" fetchpriority="high" />`,
      ),
    ];
    // The app's scripts wait for the first paint (PAGE_BOOT_SCRIPT): taken out of the shell here.
    const modules = [...shell.html.matchAll(MODULE_SCRIPT)].map(([, src]) => src ?? '');
    const pageScripts = {
      modules,
      preload: assets.scripts.map((file) => `/${file}`),
    };
    let html = between(
      shell.html.replace(MODULE_SCRIPT, ''),
      '<!--app-head-->',
      '<!--/app-head-->',
      [
        `<script type="application/json" id="page-scripts">${scriptJson(pageScripts)}</script>`,
        `<script>${PAGE_BOOT_SCRIPT}</script>`,
        rendered.head,
        ...preloads,
      ].join('\n    '),
    );
    html = between(html, '<!--app-noscript-->', '<!--/app-noscript-->', '');
    // After the first stylesheet, as the browser would add them when the page's chunk loads.
    html = html.replace(
      '</head>',
      assets.styles
        .map((file) => `  <link rel="stylesheet" crossorigin href="/${attr(file)}" />\n  `)
        .join('') + '</head>',
    );
    html = html.replace(
      '<div id="root"><!--app-html--></div>',
      `<div id="root" data-ssr="${rendered.hydrate ? 'hydrate' : 'render'}">${rendered.html}</div>` +
        `<script type="application/json" id="query-state">${scriptJson(rendered.state)}</script>`,
    );

    res.statusCode = rendered.status;
    setHtmlHeaders(res);
    const body = compress(req, res, Buffer.from(html));
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
