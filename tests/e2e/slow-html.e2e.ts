// ADR-0065: a rendered page arrives over a network that may stall half-way, and a slow phone's
// parser yields half-way too. Whatever the HTML's timing, the first paint shows the whole page
// (nothing then grows or moves), and the app starts only once the document is parsed (it hydrates
// with the query cache the page was rendered from, never with half of it). Here the HTML of a
// rendered page is held for a moment at one place by a proxy in front of the app: once inside the
// header, once between #root and the query cache after it. Both were seen in the gate under load: a badge
// and the header's right block that grew after the first paint, and React's #418 (a product or
// the featured list hydrated as loading, the cache not parsed yet).
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from './support/fixtures';

/** How long the HTML stalls: far longer than a frame, so a paint half-way would happen. */
const STALL_MS = 1_500;

type Split = { path: string; at: (html: string) => number };

/**
 * A proxy to `target` that sends the HTML of `split.path` in two parts, STALL_MS apart, and passes
 * everything else through untouched (headers included: the CSP holds the inline scripts' hashes).
 */
async function stallingProxy(
  target: string,
  split: Split,
): Promise<{ url: string; server: Server }> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host, 'accept-encoding': 'identity' },
      },
      (answer: IncomingMessage) => {
        const headers = { ...answer.headers };
        if (incoming.url !== split.path) {
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const at = split.at(html);
          if (at <= 0 || at >= html.length) throw new Error(`no place to split ${split.path}`);
          delete headers['content-length'];
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          outgoing.write(html.slice(0, at));
          setTimeout(() => outgoing.end(html.slice(at)), STALL_MS);
        });
      },
    );
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Every layout shift of the page from its start (installed before the page's own scripts). */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

test('HTML that stalls inside the header paints the page whole, once: nothing grows or moves', async ({
  page,
  app,
}) => {
  const path = '/menu/detail/3';
  const proxy = await stallingProxy(app.url, {
    path,
    // Right after the header's Order link: its neighbours (theme, Sign In) are still to come.
    at: (html) => html.indexOf('</a>', html.indexOf('data-testid="order-button"')) + '</a>'.length,
  });
  try {
    await recordShifts(page);
    await page.goto(`${proxy.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: number[] }).__shifts,
    );
    expect(shifts, 'layout shifts while the HTML stalled and then came').toEqual([]);
  } finally {
    proxy.server.close();
  }
});

test('HTML that stalls inside the query cache: the app waits for all of it, and hydrates the page as rendered', async ({
  page,
  app,
}) => {
  const path = '/menu/detail/3';
  const proxy = await stallingProxy(app.url, {
    path,
    // Right after #root, before the query cache the page was rendered from.
    at: (html) => html.indexOf('<script type="application/json" id="query-state">'),
  });
  try {
    await page.goto(`${proxy.url}${path}`);
    // The harness waited for hydration; an app that started before the cache came would have
    // hydrated the product as loading (React's #418), which fails the test.
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(page.getByTestId('quantity-value')).toHaveText('Quantity 2');
  } finally {
    proxy.server.close();
  }
});

test('fonts that come late change nothing on screen: the first paint keeps its faces', async ({
  page,
}) => {
  // The brand fonts held back, as on a slow network (they are preloaded with the HTML, so a
  // quick connection has them for the first paint).
  await page.route('**/*.woff2', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, STALL_MS));
    await route.continue();
  });
  await recordShifts(page);
  await page.goto('/spaces');
  await expect(page.getByRole('heading', { level: 1, name: 'Spaces' })).toBeVisible();
  // Both faces have come (and would have been swapped in by now, had the page waited for them).
  await page.evaluate(async () => {
    await Promise.all([...document.fonts].map((face) => face.load().catch(() => undefined)));
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
  expect(shifts, 'layout shifts when the fonts came').toEqual([]);
});
