// Layout stability of the public pages (issue 19: "CLS 0 on every public page, at 390 and 1280
// px"). Each page is opened fresh at a phone and a desktop width with a PerformanceObserver for
// `layout-shift` (buffered) installed before any of the page's own script runs. The page counts as
// loaded once its own content is shown, its fonts are ready, the network is idle and every image
// in view has finished; then the sum of the shifts without recent input must be exactly 0. A
// failure names each shift, when it happened and which elements moved from where to where.
import type { News, Product } from '../../src/api/types';
import { paths } from '../../src/lib/paths';
import { expectA11y } from './support/axe';
import { expect, test, type Page } from './support/fixtures';
import type { RunningApp } from './support/app-server';

/** One element a shift moved (LayoutShiftAttribution), described when it was seen. */
type ShiftSource = { element: string; from: string; to: string };
type Shift = { value: number; at: number; hadRecentInput: boolean; sources: ShiftSource[] };
type ShiftWindow = {
  __layoutShifts: Shift[];
  /** Delivers the entries the observer holds but has not reported yet. */
  __takeLayoutShifts: () => Shift[];
};

/**
 * Runs in the page before its scripts (page.addInitScript): records every layout shift with its
 * sources' elements described at once (a node may be gone by the time the test reads it).
 */
function recordLayoutShifts(): void {
  type Attribution = {
    node: Node | null;
    previousRect: DOMRectReadOnly;
    currentRect: DOMRectReadOnly;
  };
  type Entry = PerformanceEntry & {
    value: number;
    hadRecentInput: boolean;
    sources?: Attribution[];
  };
  const describe = (node: Node | null): string => {
    if (!node) return '(a removed node)';
    const element = node instanceof Element ? node : node.parentElement;
    if (!element) return node.nodeName;
    const parts: string[] = [];
    for (let at: Element | null = element; at && parts.length < 4; at = at.parentElement) {
      if (at === document.body) break;
      const id = at.id ? `#${at.id}` : '';
      const classes = [...at.classList]
        .slice(0, 2)
        .map((name) => `.${name}`)
        .join('');
      const testId = at.getAttribute('data-testid');
      parts.unshift(`${at.localName}${id}${classes}${testId ? `[data-testid=${testId}]` : ''}`);
    }
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${parts.join(' > ')}${text ? ` ("${text}")` : ''}`;
  };
  // An empty rectangle: the element was outside the viewport before (or after) the shift.
  const rect = (r: DOMRectReadOnly) =>
    r.width === 0 && r.height === 0
      ? 'out of view'
      : `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  const shifts: Shift[] = [];
  const record = (entries: PerformanceEntryList) => {
    for (const entry of entries as Entry[]) {
      shifts.push({
        value: entry.value,
        at: Math.round(entry.startTime),
        hadRecentInput: entry.hadRecentInput,
        sources: (entry.sources ?? []).map((source) => ({
          element: describe(source.node),
          from: rect(source.previousRect),
          to: rect(source.currentRect),
        })),
      });
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  const shiftWindow = window as unknown as ShiftWindow;
  shiftWindow.__layoutShifts = shifts;
  shiftWindow.__takeLayoutShifts = () => {
    record(observer.takeRecords());
    return shifts;
  };
}

/** Waits until the page has shown what it is for: a heading or a product from the API. */
type ContentShown = (page: Page, app: RunningApp) => Promise<void>;

type PublicPage = { name: string; path: (app: RunningApp) => Promise<string>; shown: ContentShown };

const fixed = (path: string) => () => Promise.resolve(path);

const PUBLIC_PAGES: PublicPage[] = [
  {
    name: 'home',
    path: fixed(paths.home()),
    shown: async (page) => {
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId('featured-products').waitFor();
    },
  },
  {
    name: 'menu',
    path: fixed(paths.menu()),
    shown: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Menu' }).waitFor();
      await page.getByTestId('menu-products').getByRole('heading').first().waitFor();
    },
  },
  {
    name: 'product detail',
    path: fixed(paths.productDetail(3)),
    shown: async (page, app) => {
      const product = await app.getJson<Product>('/api/v1/products/detail/3');
      await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    },
  },
  {
    name: 'news',
    path: fixed(paths.news()),
    shown: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
      await page.getByTestId('news-card').first().waitFor();
    },
  },
  {
    name: 'news item',
    path: async (app) => {
      const [first] = await app.getJson<News[]>('/api/v1/news?size=1');
      if (!first) throw new Error('the seed has no news');
      return paths.newsDetail(first.newId);
    },
    shown: async (page, app) => {
      const [first] = await app.getJson<News[]>('/api/v1/news?size=1');
      await page.getByRole('heading', { level: 1, name: first?.title }).waitFor();
    },
  },
  {
    name: 'community',
    path: fixed(paths.community()),
    shown: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
      await page.getByTestId('closed-events').getByRole('heading').first().waitFor();
    },
  },
  {
    name: 'spaces',
    path: fixed(paths.spaces()),
    shown: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Spaces' }).waitFor();
      await page.getByTestId('spaces-gallery').getByRole('button').first().waitFor();
    },
  },
];

/**
 * Images still loading that the shopper can see: every <img> except lazy ones outside the
 * viewport (those wait for a scroll that never comes; anything they move is out of view).
 */
function imagesStillLoading(): string[] {
  return [...document.images]
    .filter((image) => {
      if (image.complete) return false;
      if (image.loading !== 'lazy') return true;
      const box = image.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    })
    .map((image) => image.currentSrc || image.src);
}

function describeShifts(shifts: Shift[]): string {
  return shifts
    .map(
      (shift) =>
        `  ${shift.value.toFixed(5)} at ${shift.at} ms:\n` +
        (shift.sources.length > 0
          ? shift.sources
              .map((source) => `    ${source.element}: ${source.from} -> ${source.to}`)
              .join('\n')
          : '    (no sources named)'),
    )
    .join('\n');
}

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const publicPage of PUBLIC_PAGES) {
      test(`the ${publicPage.name} page loads without moving anything`, async ({ page, app }) => {
        await page.addInitScript(recordLayoutShifts);
        await page.goto(await publicPage.path(app));

        await publicPage.shown(page, app);
        await page.evaluate(async () => {
          await document.fonts.ready;
        });
        await page.waitForLoadState('networkidle');
        await expect
          .poll(() => page.evaluate(imagesStillLoading), {
            message: 'images in view still loading',
          })
          .toEqual([]);

        const shifts = (
          await page.evaluate(() => (window as unknown as ShiftWindow).__takeLayoutShifts())
        ).filter((shift) => !shift.hadRecentInput);
        const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
        expect
          .soft(
            total,
            `layout shift of ${publicPage.name} at ${viewport.width} px, ` +
              `${shifts.length} shift(s):\n${describeShifts(shifts)}\n`,
          )
          .toBe(0);

        // What the page shows, in both themes; once per page (the other journeys check 1280).
        if (viewport.width === 390) await expectA11y(page, `${publicPage.name} at 390 px`);
      });
    }
  });
}
