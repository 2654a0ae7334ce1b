// Server-side rendering of the public pages (issue 19, ADR-0037). The SPA's server
// entry (src/entry-server.tsx, built by `vite build --ssr` into dist-ssr/) renders a page with its
// data; this module puts that HTML, the page's head and the dehydrated query cache into the built
// dist/index.html and answers. A page the browser renders (not public), or one whose render fails or
// takes too long, gets the SPA shell with that page's chunks preloaded (ADR-0060); anything else (no
// route, a missing SSR build) falls through to the static shell, which renders in the browser as
// before: rendering on the server is an improvement, never a new way to fail.
//
// Issue 27 (ADR-0054): a page is known by its ETag before it is rendered, so a conditional request
// is answered 304 without a render; a rendered page is kept a short while (render-cache.ts); at most
// a few renders run at once and a short queue waits (render-slots.ts), beyond which the shell is
// sent; the render runs in a thread of its own (render-workers.ts, ADR-0071) and asks this server
// for its data in process (render-self-fetch.ts). The markup goes into the template by index, never
// through a replacement pattern: a `$` in a shopper's search is text, not a `String.replace` pattern.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { oneLine, rateLimitedLine } from './log-limit';
import { createRenderCache, type CachedPage } from './render-cache';
import type { RenderLimits } from './render-limits';
import { createRenderSlots } from './render-slots';
import type { RenderWorkers } from './render-workers';
import { loadServerEntry, serverEntryAddress, serverEntryBuild } from './ssr-entry';

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
  /** The route at a path: its page module and whether it is rendered here; null: no route. */
  routePageAt?(pathname: string): { module: string; rendered: boolean } | null;
  renderPage(
    url: string,
    options: {
      apiBaseUrl: string;
      origin: string;
      fetch?: (request: Request) => Promise<Response>;
    },
  ): Promise<RenderedPage | null>;
};
type ManifestChunk = { file: string; imports?: string[]; css?: string[] };

/**
 * The one inline script of a rendered page, allowed by its hash in the CSP. First it paints the
 * stored theme before the first paint (the same rule as src/app/theme.ts, which takes over once
 * the app runs). Then, once the browser has painted the page's content (its first contentful
 * paint), it adds the app's module scripts (listed in `#page-scripts`), which the HTML has been
 * fetching at low priority since it arrived (`modulepreload`, ADR-0060), as it has the page's
 * chunks: nothing of the app runs before the page shows, and the app then hydrates what is already
 * on screen (ADR-0037). At the latest they run after a second (a tab opened in the background
 * paints nothing). Never before the whole document is parsed (ADR-0065): an added module script
 * runs as soon as it is fetched, and the app must find all of `#root` and the query cache
 * (`#query-state`, after it) or it hydrates a page it does not have the data of.
 */
/** The element after `#root` that holds the query cache the page was rendered from (src/main.tsx). */
const QUERY_STATE_ID = 'query-state';

const PAGE_BOOT_SCRIPT =
  "(function(){try{var p=localStorage.getItem('theme');var d=p==='dark'||(p!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.classList.add(d?'dark':'light');r.style.colorScheme=d?'dark':'light'}catch(e){}" +
  "var l=document.getElementById('page-scripts');if(!l)return;var s=JSON.parse(l.textContent),n=0;" +
  "function a(t,p){var e=document.createElement(t);e.crossOrigin='';for(var k in p)e[k]=p[k];document.head.appendChild(e)}" +
  "function g(){if(document.readyState==='loading')return document.addEventListener('DOMContentLoaded',g);if(n++)return;s.modules.forEach(function(h){a('script',{type:'module',src:h})})}" +
  "try{new PerformanceObserver(function(q,o){if(q.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(g,0)}}).observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(g,0)})}" +
  'setTimeout(g,1000)})()';

/**
 * The second inline script of a rendered page (ADR-0060): no tap is lost before the app runs.
 * Until React has hydrated the page (`#root[data-hydrated]`, src/app/page-hydrated.tsx), a click
 * or tap on a button (or an element marked `data-replay`) is held: its default and React are kept
 * out of it, the button shows its pending state (`data-pending`, PAGE_TAP_STYLE), is busy to
 * assistive technology (`aria-busy`, as every pending button of the shop, ADR-0075) and joins a
 * queue. The pending state comes at the touch itself (`pointerdown`), which a busy phone delivers
 * well before the click that follows the finger's lift; a touch that turns into a scroll
 * (`pointercancel`) takes it back. Every other event of the tap (touch, pointer, mouse, key) is
 * kept from React as well: handed one on a part it has not hydrated yet, React finishes the whole
 * hydration in that event's task, and the pending look waits for it (ADR-0073). Once the page is
 * hydrated the queue is replayed in order, one click per task, so each sees the state the one
 * before left (three "+" give 4), and no button is left pending. A replayed button loses the
 * script's `aria-busy` just before its first click, so that what the app sets from that click on
 * (Add To Cart busy with its request) is the app's. A button the hydration replaced is found again
 * by its place among the page's buttons. Links, and a form's submit button whose form names a
 * real action, work before any script and are left alone. Only a page the app hydrates is held (a
 * not-found page is rendered afresh in the browser).
 */
const PAGE_TAP_SCRIPT =
  "(function(){var d=document,q=[],r,p,S='button,[data-replay]',E=['pointerdown','pointerup','pointercancel','mousedown','mouseup','touchstart','touchend','touchcancel','keydown','keypress','keyup','click'];" +
  'function all(){return d.querySelectorAll(S)}' +
  "function b(t){t.setAttribute('data-pending','');t.setAttribute('aria-busy','true')}function u(t){t.removeAttribute('data-pending');t.removeAttribute('aria-busy')}" +
  "function k(e){r=r||d.getElementById('root');if(!r||r.dataset.ssr!=='hydrate'||r.hasAttribute('data-hydrated')||e.button>0)return;" +
  'var t=e.target.closest&&e.target.closest(S);if(!t||!r.contains(t)||t.disabled)return;' +
  "var a=t.type==='submit'&&t.form&&t.form.getAttribute('action');if(a&&a.indexOf('javascript:'))return;return t}" +
  "function h(e){var t=k(e),y=e.type;if(y==='pointercancel'&&p&&!q.some(function(x){return x[0]===p}))u(p);" +
  "if(!t)return;e.stopImmediatePropagation();if(y==='pointerdown'){b(t);p=t}" +
  "if(y==='click'){b(t);e.preventDefault();q.push([t,[].indexOf.call(all(),t)])}}" +
  "E.forEach(function(n){d.addEventListener(n,h,{capture:true,passive:n.indexOf('touch')===0})});" +
  'function go(){E.forEach(function(n){d.removeEventListener(n,h,true)});var i=0;(function n(){var x=q[i++];' +
  "if(!x){[].forEach.call(d.querySelectorAll('[data-pending]'),function(y){if(y.replayed)y.removeAttribute('data-pending');else u(y)});return}" +
  "var t=x[0].isConnected?x[0]:all()[x[1]];if(t){if(!t.replayed){t.replayed=1;t.removeAttribute('aria-busy')}t.click()}setTimeout(n,0)})()}" +
  "d.addEventListener('DOMContentLoaded',function(){r=d.getElementById('root');if(!r)return;" +
  "if(r.hasAttribute('data-hydrated'))return go();" +
  "new MutationObserver(function(m,o){if(r.hasAttribute('data-hydrated')){o.disconnect();go()}}).observe(r,{attributes:true,attributeFilter:['data-hydrated']})})})()";

/**
 * The pending look of a held tap (PAGE_TAP_SCRIPT): pressed and pulsing until the app replays it,
 * from the first frame after the tap (the stylesheet is already there; style-src allows inline).
 */
const PAGE_TAP_STYLE =
  '[data-pending]{cursor:progress;transform:scale(.95);filter:brightness(.88);animation:tap-pending .7s ease-in-out infinite alternate}' +
  '@keyframes tap-pending{to{opacity:.6}}' +
  '@media (prefers-reduced-motion:reduce){[data-pending]{animation:none;opacity:.7}}';

const hashOf = (script: string) =>
  `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** The CSP's hashes of a rendered page's two inline scripts (server/src/static-files.ts). */
export const PAGE_SCRIPT_HASHES = `${hashOf(PAGE_BOOT_SCRIPT)} ${hashOf(PAGE_TAP_SCRIPT)}`;

/** The shell's module scripts (the app's entry), which a rendered page loads after its first paint. */
const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;

export type PageRendererOptions = {
  distDir: string | null;
  ssrDir: string | null;
  /** Another backend the render asks for data (SSR_API_URL); null: this server, in process (`fetch`). */
  apiBaseUrl: string | null;
  /** This server's API, called in process: the render's data without an HTTP round trip to itself. */
  fetch: (request: Request) => Promise<Response>;
  /** The threads renders run in (ADR-0071); null: on this thread, the API's. */
  threads: RenderWorkers | null;
  /** The catalogue's version (render-catalogue-version.ts): part of every page's key and ETag. */
  catalogueVersion: () => number;
  now: () => Date;
  limits: RenderLimits;
  /** Resolves when a render may take its next step: a later turn, no API call in progress. */
  turn: () => Promise<void>;
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

/**
 * JSON inside a <script> element: `<` escaped, so no `</script>` or `<!--` can end or bend it, and
 * the line and paragraph separators too (JSON allows them raw, a script reading it as JS would not).
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * `text` with everything from `start` to the end of `end` replaced. By index, not `String.replace`:
 * the replacement holds a shopper's text, in which `$&`, `$'` or `` $` `` would be patterns.
 */
function between(text: string, start: string, end: string, replacement: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  if (from < 0 || to < from) throw new Error(`dist/index.html has no ${start} … ${end}`);
  return text.slice(0, from) + replacement + text.slice(to + end.length);
}

/** `text` with `insertion` put just before the first `marker` (by index, as `between`). */
function before(text: string, marker: string, insertion: string): string {
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`dist/index.html has no ${marker}`);
  return text.slice(0, at) + insertion + text.slice(at);
}

/**
 * This process's own mark in every ETag: a restart (a new build, a database reset by
 * `npm run db:reset` from another process) never confirms a page an earlier process rendered.
 */
const PROCESS_MARK = randomUUID().slice(0, 8);

/** The shells kept per page module (shellFor): more than the routes a build has, so never full. */
const MAX_SHELLS = 64;

const noop = () => undefined;

/** Whether If-None-Match names `etag` (weak comparison, RFC 9110 §13.1.2). */
function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** The encoding the browser accepts that the page is sent in: brotli, else gzip, else none. */
function encodingFor(req: IncomingMessage): 'br' | 'gzip' | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Rendered HTML is compressed as the build compresses its files (a fast level: per render), in
 * libuv's thread pool: never on the thread that answers the API (ADR-0071).
 */
function compress(encoding: 'br' | 'gzip', body: Buffer): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipAsync(body, { level: 6 });
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

  // With render threads, the first one starts now and imports the entry the server imports, so
  // the first page after a start waits for neither (ADR-0071). An entry that fails to load fails
  // the first render instead, as it would have.
  const threads = options.threads;
  if (threads) {
    void loadEntry()
      ?.then(() => {
        const address = serverEntryAddress(options.ssrDir);
        if (address) threads.warm(address);
      })
      .catch(() => undefined);
  }

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
   * own CSS), but those the HTML already loads: the chunks preloaded with the app's entry
   * (`modulepreload`, run after the first paint by PAGE_BOOT_SCRIPT), the stylesheets linked in the HTML.
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

  /** The page's HTML: the shell with the render, its head, its scripts and its cache put in. */
  function assemble(
    shell: NonNullable<ReturnType<typeof loadTemplate>>,
    rendered: RenderedPage,
  ): string {
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
    // The app's scripts run after the first paint (PAGE_BOOT_SCRIPT): taken out of the shell
    // here. They, and the page's own chunks, are fetched with the HTML at low priority (ADR-0060):
    // the stylesheet, fonts and main picture go first, and the scripts are there when the page
    // has painted instead of only starting to come then.
    const modules = [...shell.html.matchAll(MODULE_SCRIPT)].map(([, src]) => src ?? '');
    const pageScripts = { modules };
    const modulePreloads = [...modules, ...assets.scripts.map((file) => `/${file}`)].map(
      (href) => `<link rel="modulepreload" href="${attr(href)}" fetchpriority="low" crossorigin />`,
    );
    let html = between(
      shell.html.replace(MODULE_SCRIPT, () => ''),
      '<!--app-head-->',
      '<!--/app-head-->',
      [
        `<script type="application/json" id="page-scripts">${scriptJson(pageScripts)}</script>`,
        `<script>${PAGE_BOOT_SCRIPT}</script>`,
        `<script>${PAGE_TAP_SCRIPT}</script>`,
        `<style>${PAGE_TAP_STYLE}</style>`,
        // No first paint until the page's content is parsed (ADR-0065): a paint half-way (a slow
        // phone's parser yields, the network stalls) shows a header or a card that then grows.
        `<link rel="expect" href="#${QUERY_STATE_ID}" blocking="render" />`,
        rendered.head,
        ...preloads,
        ...modulePreloads,
      ].join('\n    '),
    );
    html = between(html, '<!--app-noscript-->', '<!--/app-noscript-->', '');
    // After the first stylesheet, as the browser would add them when the page's chunk loads.
    html = before(
      html,
      '</head>',
      assets.styles
        .map((file) => `  <link rel="stylesheet" crossorigin href="/${attr(file)}" />\n  `)
        .join(''),
    );
    return between(
      html,
      '<div id="root"><!--app-html-->',
      '</div>',
      `<div id="root" data-ssr="${rendered.hydrate ? 'hydrate' : 'render'}">${rendered.html}</div>` +
        `<script type="application/json" id="${QUERY_STATE_ID}">${scriptJson(rendered.state)}</script>`,
    );
  }

  // One line without a stack, at most one per 10 s (issue 28): a shopper's odd URL can fail a render.
  const logRenderFailure = rateLimitedLine((line) => options.logger.error(line), 10_000);
  const cache = createRenderCache(options.limits);
  const slots = createRenderSlots(options.limits);
  /** Renders under way, by key: a second request for the same page waits for the first's. */
  const inFlight = new Map<string, Promise<CachedPage | null>>();
  let cachedVersion = options.catalogueVersion();

  /** A fresh render of `url` as a page to send and keep, or null: send the shell. */
  async function render(
    url: string,
    origin: string,
    etag: string,
    shell: NonNullable<ReturnType<typeof loadTemplate>>,
    loading: Promise<ServerEntry>,
  ): Promise<CachedPage | null> {
    const release = await slots.acquire();
    if (!release) return null;
    try {
      // Each step of a render in its own turn of the event loop and after the API calls in
      // progress (render-api-first.ts): an API call waits for one step of one render at most.
      await options.turn();
      const server = await loading;
      // With SSR_API_URL the render reads another backend over HTTP; else this server, in process.
      const address = serverEntryAddress(options.ssrDir);
      const rendered = (
        options.threads && address
          ? // In a render thread (ADR-0071): its data requests come back here, in process.
            await options.threads.render(address, url, {
              apiBaseUrl: options.apiBaseUrl ?? origin,
              origin,
              inProcess: !options.apiBaseUrl,
            })
          : await server.renderPage(
              url,
              options.apiBaseUrl
                ? { apiBaseUrl: options.apiBaseUrl, origin }
                : { apiBaseUrl: origin, origin, fetch: options.fetch },
            )
      ) as RenderedPage | null;
      if (!rendered) return null;
      await options.turn();
      return {
        etag,
        status: rendered.status,
        html: Buffer.from(assemble(shell, rendered)),
        encoded: new Map(),
      };
    } catch (error) {
      logRenderFailure(
        `rendering ${JSON.stringify(url.slice(0, 200))} failed; the browser renders it: ${oneLine(error)}`,
      );
      return null;
    } finally {
      release();
    }
  }

  /**
   * The shell for a page the browser renders, with that page's chunks preloaded (ADR-0060): they
   * come with the HTML at low priority instead of after the app's entry has run. One per page
   * module and build, kept while the build stays (a few dozen routes at most).
   */
  const shells = new Map<string, CachedPage>();
  function shellFor(
    shell: NonNullable<ReturnType<typeof loadTemplate>>,
    build: number,
    module: string,
  ): CachedPage {
    const key = JSON.stringify([build, shell.mtime, module]);
    let page = shells.get(key);
    if (!page) {
      if (shells.size >= MAX_SHELLS) shells.clear();
      const preloads = pageAssets(shell.html, shell.manifest, module).scripts.map(
        (file) =>
          `<link rel="modulepreload" href="/${attr(file)}" fetchpriority="low" crossorigin />\n  `,
      );
      page = {
        etag: `W/"${PROCESS_MARK}-shell-${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`,
        status: 200,
        html: Buffer.from(
          preloads.length > 0 ? before(shell.html, '</head>', preloads.join('')) : shell.html,
        ),
        encoded: new Map(),
      };
      shells.set(key, page);
    }
    return page;
  }

  /** A page as kept: 304 to a matching If-None-Match, else in the encoding the browser takes. */
  async function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    setHtmlHeaders: (res: ServerResponse) => void,
    grew: (bytes: number) => void,
  ): Promise<true> {
    setHtmlHeaders(res);
    res.setHeader('ETag', page.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (notModified(req, page.etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.statusCode = page.status;
    const encoding = encodingFor(req);
    let body = page.html;
    if (encoding) {
      res.setHeader('Content-Encoding', encoding);
      body = page.encoded.get(encoding) ?? (await compress(encoding, page.html));
      // Kept once: another request may have compressed the same page meanwhile.
      if (!page.encoded.has(encoding)) {
        page.encoded.set(encoding, body);
        grew(body.length);
      }
    }
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  return async (req, res, pathname, search, setHtmlHeaders) => {
    const loading = loadEntry();
    const shell = loadTemplate();
    const build = serverEntryBuild(options.ssrDir);
    if (!loading || !shell || build === null) return false;
    // The route at the address, as the entry names it: `undefined` where the entry cannot say
    // (it failed to load, threw, or comes from a build before routePageAt), and then the render
    // decides (and reports the failure), as before.
    const route = await loading
      .then((server) => server.routePageAt?.(pathname))
      .catch(() => undefined);
    // No route (a file, an unknown address): nothing to render, so no render slot or turn is
    // waited for; the static files answer. A page the browser renders gets its shell at once.
    if (route === null) return false;
    const sendShell = () =>
      route ? send(req, res, shellFor(shell, build, route.module), setHtmlHeaders, noop) : false;
    if (route && !route.rendered) return sendShell();
    const url = `${pathname}${search ? `?${search}` : ''}`;
    const origin = options.publicOrigin(req);
    const version = options.catalogueVersion();
    if (version !== cachedVersion) {
      cache.clear();
      cachedVersion = version;
    }
    const at = options.now().getTime();
    // Everything the page is rendered from, known before rendering it: the build (server entry
    // and template), the catalogue's version, the time window (upcoming events become past ones),
    // the public origin (canonical links) and the URL. Never a cookie or any other header of the
    // shopper's: a public page is the same for everyone (ADR-0054).
    const timeWindow = Math.floor(at / Math.max(options.limits.ttlMs, 1_000));
    const key = JSON.stringify([build, shell.mtime, version, timeWindow, origin, url]);
    const etag = `W/"${PROCESS_MARK}-${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
    if (notModified(req, etag)) {
      res.statusCode = 304;
      setHtmlHeaders(res);
      res.setHeader('ETag', etag);
      res.setHeader('Vary', 'Accept-Encoding');
      res.end();
      return true;
    }

    let page = cache.get(key, at);
    if (!page) {
      let pending = inFlight.get(key);
      if (!pending) {
        pending = render(url, origin, etag, shell, loading).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      page = (await pending) ?? undefined;
      if (!page) return sendShell();
      cache.set(key, page, options.now().getTime());
    }
    return send(req, res, page, setHtmlHeaders, (bytes) => cache.grew(key, bytes));
  };
}
