// Issue 19: pictures carry their sizes, so nothing moves when they load. Every picture and video
// request is held (page.route) while the page is checked: each visible <img> and <video> already
// has width and height attributes and a box of its own, and the spaces gallery is laid out.
// Then the requests go through, and once the pictures have loaded every box is where it was and
// each picture's own aspect ratio is the one its attributes gave.
import type { Page, Route } from '@playwright/test';
import type { Space } from '../../src/api/types';
import { expectA11y } from './support/axe';
import { expect, test } from './support/fixtures';

/** Holds every request for a picture or a video until `release()`; later ones go straight on. */
async function holdMedia(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/(images|media)\//, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    urls: () => held.map((route) => new URL(route.request().url()).pathname),
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

type MediaBox = {
  id: number;
  tag: string;
  src: string;
  width: string | null;
  height: string | null;
  box: { x: number; y: number; width: number; height: number };
  /** The file's own size once loaded (naturalWidth, videoWidth), 0 before. */
  own: { width: number; height: number };
  loading: string | null;
  fetchPriority: string | null;
  /** How much of it the first screen shows (the page is at its top), in square pixels. */
  onFirstScreen: number;
};

/**
 * Every <img> and <video> the page renders (display:none ones, such as a closed menu's, left
 * out), marked with an id so the same elements are measured again after their files load.
 */
function measureMedia(page: Page): Promise<MediaBox[]> {
  return page.evaluate(() => {
    const media = [...document.querySelectorAll<HTMLImageElement | HTMLVideoElement>('img, video')]
      .filter((element) => element.checkVisibility({ visibilityProperty: true }))
      .map((element, index) => {
        const id = Number(element.dataset.mediaCheck ?? index);
        element.dataset.mediaCheck = String(id);
        const rect = element.getBoundingClientRect();
        const own =
          element instanceof HTMLImageElement
            ? { width: element.naturalWidth, height: element.naturalHeight }
            : { width: element.videoWidth, height: element.videoHeight };
        const visibleWidth = Math.min(rect.right, window.innerWidth) - Math.max(rect.left, 0);
        const visibleHeight = Math.min(rect.bottom, window.innerHeight) - Math.max(rect.top, 0);
        return {
          id,
          tag: element.tagName.toLowerCase(),
          loading: element.getAttribute('loading'),
          fetchPriority: element.getAttribute('fetchpriority'),
          onFirstScreen: Math.max(0, visibleWidth) * Math.max(0, visibleHeight),
          src: element.getAttribute('src') ?? '',
          width: element.getAttribute('width'),
          height: element.getAttribute('height'),
          box: {
            x: rect.x + window.scrollX,
            y: rect.y + window.scrollY,
            width: rect.width,
            height: rect.height,
          },
          own,
        };
      });
    return media.sort((a, b) => a.id - b.id);
  });
}

/** The footer's top edge: the first thing that moves when something above it changes size. */
function footerTop(page: Page): Promise<number> {
  return page
    .locator('footer')
    .evaluate((footer) => footer.getBoundingClientRect().top + window.scrollY);
}

/** Waits until React has taken over the server's HTML (the header's home link has its props). */
async function hydrated(page: Page): Promise<void> {
  const home = page.locator('header a[href="/"]').first();
  await expect
    .poll(() =>
      home.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactProps$')),
      ),
    )
    .toBe(true);
}

/** Each public page and what shows that its content (and so its pictures) is there. */
const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/',
    ready: async (page) => {
      for (const id of ['featured-products', 'spaces-carousel', 'upcoming-events', 'news-teaser'])
        await page.getByTestId(id).waitFor();
    },
  },
  { path: '/menu', ready: (page) => page.getByTestId('menu-products').waitFor() },
  {
    path: '/menu/detail/3',
    ready: async (page) => {
      await page.getByTestId('product-main-image').waitFor();
      await page.getByTestId('related-products').waitFor();
    },
  },
  { path: '/news', ready: (page) => page.getByTestId('news-list').waitFor() },
  { path: '/news/1', ready: (page) => page.getByTestId('news-article').waitFor() },
  {
    path: '/community',
    ready: async (page) => {
      await page.getByTestId('upcoming-events').waitFor();
      await page.getByTestId('closed-events').waitFor();
    },
  },
  { path: '/spaces', ready: (page) => page.getByTestId('spaces-gallery').waitFor() },
];

const WIDTHS = [390, 1280] as const;

for (const width of WIDTHS) {
  for (const { path, ready } of PAGES) {
    test(`at ${width} px, ${path} gives every picture its box before it loads, and nothing moves when it does`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      const media = await holdMedia(page);
      await page.goto(path, { waitUntil: 'commit' });
      await ready(page);
      // Only the pictures may be outstanding: the page is React's and its text in its own fonts.
      await hydrated(page);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));

      const before = await measureMedia(page);
      expect(before.filter((m) => m.tag === 'img').length, 'pictures on the page').toBeGreaterThan(
        0,
      );
      expect(media.urls().length, 'picture requests held').toBeGreaterThan(0);
      for (const m of before) {
        const what = `${m.tag} ${m.src} on ${path}`;
        expect(m.own, `${what} has not loaded yet`).toEqual({ width: 0, height: 0 });
        expect(Number(m.width), `${what}: width attribute`).toBeGreaterThan(0);
        expect(Number(m.height), `${what}: height attribute`).toBeGreaterThan(0);
        expect(m.box.width, `${what}: box width before it loads`).toBeGreaterThan(0);
        expect(m.box.height, `${what}: box height before it loads`).toBeGreaterThan(0);
      }
      // The largest picture on the first screen (the page's LCP: of equal ones the first, as a
      // later one of the same size does not replace it) is fetched first, never lazily.
      const pictures = before.filter((m) => m.tag === 'img');
      const most = Math.max(...pictures.map((m) => m.onFirstScreen));
      const largest = pictures.find((m) => m.onFirstScreen >= most * 0.99) ?? pictures[0];
      if (!largest) throw new Error(`no picture on ${path}`);
      expect(largest.onFirstScreen, `a picture on the first screen of ${path}`).toBeGreaterThan(0);
      expect(largest.loading, `${largest.src}, the LCP of ${path}: loading`).not.toBe('lazy');
      expect(largest.fetchPriority, `${largest.src}, the LCP of ${path}: fetchpriority`).toBe(
        'high',
      );
      const footer = await footerTop(page);

      // The files arrive: every requested one loads, and nothing has moved.
      const requested = new Set(media.urls());
      await media.release();
      await expect
        .poll(async () =>
          (await measureMedia(page))
            .filter((m) => requested.has(m.src))
            .every((m) => m.own.width > 0 && m.own.height > 0),
        )
        .toBe(true);
      const after = await measureMedia(page);
      for (const m of after) {
        const was = before.find((b) => b.id === m.id);
        const what = `${m.tag} ${m.src} on ${path}`;
        expect(was, `${what} was there before its file loaded`).toBeDefined();
        expect(m.box.x, `${what}: left edge`).toBeCloseTo(was?.box.x ?? NaN, 0);
        expect(m.box.y, `${what}: top edge`).toBeCloseTo(was?.box.y ?? NaN, 0);
        expect(m.box.width, `${what}: width`).toBeCloseTo(was?.box.width ?? NaN, 0);
        expect(m.box.height, `${what}: height`).toBeCloseTo(was?.box.height ?? NaN, 0);
        if (m.own.width > 0) {
          // The attributes give the file's own aspect ratio (within rounding).
          const attributeRatio = Number(m.width) / Number(m.height);
          const ownRatio = m.own.width / m.own.height;
          expect(Math.abs(attributeRatio / ownRatio - 1), `${what}: aspect ratio`).toBeLessThan(
            0.01,
          );
        }
      }
      expect(await footerTop(page), 'the footer stays put').toBeCloseTo(footer, 0);
    });
  }
}

test('the spaces gallery lays out from the sizes the API sends while every picture is held, in light and dark', async ({
  page,
  app,
}) => {
  const spaces = await app.getJson<Space[]>('/api/v1/spaces');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const media = await holdMedia(page);
    await page.goto('/spaces', { waitUntil: 'commit' });
    const gallery = page.getByTestId('spaces-gallery');
    const tiles = gallery.getByRole('button');
    await expect(tiles).toHaveCount(spaces.length);

    // Every photo and the video have their place, at their own aspect ratio, with nothing loaded.
    const shown = await gallery.locator('img, video').evaluateAll((elements) =>
      elements
        .filter((element) => element.checkVisibility())
        .map((element) => {
          const rect = element.getBoundingClientRect();
          const loaded =
            element instanceof HTMLImageElement
              ? element.naturalWidth > 0
              : (element as HTMLVideoElement).readyState > 0;
          return {
            src: element.getAttribute('src'),
            width: rect.width,
            height: rect.height,
            loaded,
          };
        }),
    );
    expect(shown.map((tile) => tile.src)).toEqual(spaces.map((space) => space.image));
    for (const [index, tile] of shown.entries()) {
      const space = spaces[index];
      if (!space) throw new Error(`no space for tile ${index}`);
      expect(tile.loaded, `${tile.src} at ${width} px is still held`).toBe(false);
      expect(tile.width, `${tile.src} at ${width} px: width`).toBeGreaterThan(0);
      expect(tile.height, `${tile.src} at ${width} px: height`).toBeGreaterThan(0);
      expect(
        Math.abs(tile.width / tile.height / (space.width / space.height) - 1),
        `${tile.src} at ${width} px: aspect ratio from the API`,
      ).toBeLessThan(0.02);
    }
    const rows = await gallery
      .locator('.react-photo-album--track')
      .evaluateAll((tracks) =>
        tracks.filter((track) => track.checkVisibility()).map((track) => track.clientHeight),
      );
    expect(rows.length, `rows at ${width} px`).toBeGreaterThan(1);
    for (const height of rows) expect(height, `a row at ${width} px`).toBeGreaterThan(140);
    // The first screen's photos were asked for at once, held here, not waited for.
    expect(media.urls().length, `requests held at ${width} px`).toBeGreaterThan(0);
    await media.release();
    await page.unrouteAll({ behavior: 'wait' });
  }

  // In light, and the dark theme's contrast with it (expectA11y).
  await expectA11y(page, 'spaces');
});

/**
 * Pages whose loading state stands in for content taller than the window, and its test ids. A
 * first visit arrives rendered by the server; these show when the router brings the page.
 */
const LOADING_SHAPES: {
  path: string;
  /** Where the shopper comes from: a page that has not fetched this one's data. */
  from: string;
  api: RegExp;
  loading: string[];
  content: string;
  widths: readonly number[];
}[] = [
  {
    path: '/menu/detail/3',
    from: '/',
    api: /\/api\/v1\/products\/detail\/3$/,
    loading: ['product-loading'],
    content: 'product-main-image',
    widths: WIDTHS,
  },
  {
    path: '/news/1',
    from: '/',
    api: /\/api\/v1\/news\/1$/,
    loading: ['story-loading'],
    content: 'news-article',
    widths: WIDTHS,
  },
  {
    path: '/community',
    from: '/',
    api: /\/api\/v1\/events\//,
    loading: ['upcoming-loading', 'past-loading'],
    content: 'closed-events',
    widths: WIDTHS,
  },
  // On a wide screen the whole gallery fits the window with the footer under it.
  {
    path: '/spaces',
    // The home page's carousel has the spaces already.
    from: '/news',
    api: /\/api\/v1\/spaces$/,
    loading: ['spaces-loading'],
    content: 'spaces-gallery',
    widths: [390],
  },
];

test('while a page loads after a click, its loading shape keeps the footer below the first screen, where the content leaves it', async ({
  page,
}) => {
  for (const { path, from, api, loading, content, widths } of LOADING_SHAPES) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      // The first visit arrives rendered (no loading state); the next page comes by the router.
      await page.goto(from);
      await hydrated(page);
      const held: Route[] = [];
      let released = false;
      await page.route(api, async (route) => {
        if (released) await route.continue();
        else held.push(route);
      });
      await page.evaluate((to) => window.history.pushState(null, '', to), path);
      for (const id of loading) await page.getByTestId(id).waitFor();
      const screen = await page.evaluate(() => window.innerHeight);
      const where = `${path} at ${width} px`;
      expect(await footerTop(page), `${where}: the footer while it loads`).toBeGreaterThan(screen);
      await expect.poll(() => held.length, `${where}: requests held`).toBeGreaterThan(0);
      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.getByTestId(content).waitFor();
      expect(await footerTop(page), `${where}: the footer with the content`).toBeGreaterThan(
        screen,
      );
      await page.unrouteAll();
    }
  }
});

test('a shopper who asks for less motion gets changes at once and no smooth scrolling', async ({
  page,
}) => {
  // The config's `reducedMotion: 'reduce'` is the shopper's setting here.
  await page.goto('/');
  await page.getByTestId('spaces-carousel').waitFor();
  // A change applies at once: switching the theme starts no transition anywhere, and the page's
  // background is the dark one in the same task (a tiny duration on every element would hold the
  // old colour until the next frame, which a busy page may not draw for a while).
  const themeChange = await page.evaluate(() => {
    const root = document.documentElement;
    const before = getComputedStyle(document.body).backgroundColor;
    root.classList.replace('light', 'dark');
    const after = getComputedStyle(document.body).backgroundColor;
    const transitions = document
      .getAnimations()
      .filter((animation) => animation instanceof CSSTransition).length;
    root.classList.replace('dark', 'light');
    return { changed: after !== before, transitions };
  });
  expect(themeChange).toEqual({ changed: true, transitions: 0 });
  // The hero's buttons (no reduced-motion style of their own) and the carousel's track.
  const motion = () =>
    page.evaluate(() => {
      const button = document.querySelector('#main a[href="/menu"]');
      const track = document.querySelector('[data-testid="spaces-carousel"]');
      if (!button || !track) throw new Error('no hero button or carousel on the home page');
      const seconds = getComputedStyle(button).transitionDuration.split(',').map(parseFloat);
      return {
        longestTransition: Math.max(...seconds),
        scrolling: getComputedStyle(track).scrollBehavior,
      };
    });
  expect(await motion()).toEqual({ longestTransition: 0, scrolling: 'auto' });

  // The rule is the shopper's choice: without it the button fades and the carousel glides.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const full = await motion();
  expect(full.longestTransition).toBeGreaterThan(0.1);
  expect(full.scrolling).toBe('smooth');
});
