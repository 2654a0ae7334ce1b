import { expect as pwExpect } from '@playwright/test';
import type { Browser, Page, Request } from 'playwright-core';
import type { News, ShopEvent, Space } from '../../src/api/types';
import { expectNoSeriousA11yViolations, setTheme } from './support/axe';
import { expect, test } from './support/e2e-test';

/** Requests the page made to an API path, e.g. every GET /api/v1/news/3. */
function recordRequests(page: Page, pathname: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (pathname.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

/** Axe on what the page shows now, in light then dark (setTheme reloads the page). */
async function axeInBothThemes(page: Page, where: string, ready: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await ready();
    await expectNoSeriousA11yViolations(page, `${where} (${theme})`);
  }
}

/**
 * A page in its own fresh browser context, for a visit that expects a 404 from the API: the
 * browser logs every failed request as a console error, so the shared fixture (which fails on
 * any console error) cannot host it. Any other console or page error still fails the test.
 */
async function freshPage(
  browser: Browser,
  baseURL: string,
  expected404: RegExp,
): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  const allowed = new Set<string>();
  page.on('response', (response) => {
    if (response.status() === 404 && expected404.test(new URL(response.url()).pathname)) {
      allowed.add(response.url());
    }
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    const expected = /status of 404/.test(message.text()) && allowed.has(url);
    if (!expected) problems.push(`console.error: ${message.text()} (${url})`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { page, problems, close: () => context.close() };
}

test('a shopper reads the news to the end, opens a story from the list and by its address', async ({
  page,
  app,
}) => {
  const allNews = await app.getJson<News[]>('/api/v1/news');
  expect(allNews.length).toBeGreaterThan(6);

  // I open the news: the six newest stories are there, newest first, each with its date.
  await page.goto('/news');
  await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
  const cards = page.getByTestId('news-card');
  await pwExpect(cards).toHaveCount(6);
  await pwExpect(cards.getByRole('heading', { level: 2 })).toHaveText(
    allNews.slice(0, 6).map((item) => item.title),
  );
  expect(await cards.first().locator('time').getAttribute('datetime')).toBe(allNews[0]?.createdAt);

  await axeInBothThemes(page, 'news list', () => cards.first().waitFor());
  await setTheme(page, 'light');

  // "Load More News" brings the rest; every story is listed once and the button is gone.
  const loadMore = page.getByRole('button', { name: 'Load More News' });
  await loadMore.click();
  await pwExpect(cards).toHaveCount(allNews.length);
  const titles = await cards.getByRole('heading', { level: 2 }).allTextContents();
  expect(titles).toEqual(allNews.map((item) => item.title));
  expect(new Set(titles).size).toBe(allNews.length);
  await pwExpect(loadMore).toHaveCount(0);
  await pwExpect(page.getByText("You're all caught up")).toBeVisible();
  // The keyboard carries on at the first new story.
  await pwExpect(page.getByRole('link', { name: allNews[6]?.title })).toBeFocused();

  // I open the eighth story from the list: it shows at once from the list, without asking the
  // API for it again.
  const story = allNews[7];
  if (!story) throw new Error('the seed has fewer than eight news items');
  const detailRequests = recordRequests(page, new RegExp(`^/api/v1/news/${story.newId}$`));
  await page.getByRole('link', { name: story.title }).click();
  await page.waitForURL(`**/news/${story.newId}`);
  await pwExpect(page.getByRole('heading', { level: 1 })).toHaveText(story.title);
  const article = page.getByTestId('news-article');
  await pwExpect(article.locator('time')).toHaveAttribute('datetime', story.createdAt);
  await pwExpect(article.locator('img')).toHaveAttribute('src', story.image);
  const firstParagraph = story.description.split('\n\n')[0] ?? '';
  await pwExpect(article.getByText(firstParagraph)).toBeVisible();
  expect(detailRequests).toHaveLength(0);

  await axeInBothThemes(page, 'news detail', () =>
    page.getByRole('heading', { level: 1, name: story.title }).waitFor(),
  );

  // Back to the news list by its link.
  await page.getByRole('link', { name: 'Back to News' }).click();
  await page.waitForURL('**/news');
  await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
});

test('a friend opens a shared story link, and a stale link says the story is gone', async ({
  browser,
  app,
}) => {
  const [, second] = await app.getJson<News[]>('/api/v1/news?size=2');
  if (!second) throw new Error('the seed has fewer than two news items');

  // A shared link in a fresh browser: the story is fetched by its id.
  const visit = await freshPage(browser, app.url, /^\/api\/v1\/news\/424242$/);
  try {
    const { page } = visit;
    const detailRequests = recordRequests(page, new RegExp(`^/api/v1/news/${second.newId}$`));
    await page.goto(`/news/${second.newId}`);
    await pwExpect(page.getByRole('heading', { level: 1 })).toHaveText(second.title);
    expect(detailRequests.length).toBeGreaterThan(0);

    // A story that does not exist: a clear message and a way back to the news, not a blank page.
    await page.goto('/news/424242');
    await pwExpect(page.getByRole('heading', { level: 1 })).toHaveText('News not found');
    await expectNoSeriousA11yViolations(page, 'unknown news item');
    await page.getByRole('link', { name: 'See all news' }).click();
    await page.waitForURL('**/news');
    await pwExpect(page.getByTestId('news-card').first()).toBeVisible();

    // An address that cannot be a news id at all gets the same answer, without asking the API.
    await page.goto('/news/not-a-number');
    await pwExpect(page.getByRole('heading', { level: 1 })).toHaveText('News not found');
    expect(visit.problems).toEqual([]);
  } finally {
    await visit.close();
  }
});

test('a shopper sees the upcoming events and the past ones, as the shop lists them', async ({
  page,
  app,
}) => {
  const upcoming = await app.getJson<ShopEvent[]>('/api/v1/events/upcoming?size=50');
  const closed = await app.getJson<ShopEvent[]>('/api/v1/events/closed?page=0&size=50');
  expect(upcoming.length).toBeGreaterThan(0);
  expect(closed.length).toBeGreaterThan(0);

  await page.goto('/community');
  await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();

  // Upcoming events, soonest first, each with its image, name and machine-readable start.
  const upcomingList = page.getByTestId('upcoming-events');
  // Names are shown in one letter case whatever case the shop stored them in.
  await pwExpect(upcomingList.getByRole('heading', { level: 3 })).toHaveText(
    upcoming.map((event) => event.name),
    { ignoreCase: true },
  );
  expect(await upcomingList.locator('time').evaluateAll(datetimes)).toEqual(
    upcoming.map((event) => event.startDate),
  );
  expect(await upcomingList.locator('img').evaluateAll(sources)).toEqual(
    upcoming.map((event) => event.image),
  );

  // The past events grid, most recent first.
  const closedList = page.getByTestId('closed-events');
  await pwExpect(closedList.getByRole('heading', { level: 3 })).toHaveText(
    closed.map((event) => event.name),
    { ignoreCase: true },
  );
  expect(await closedList.locator('time').evaluateAll(datetimes)).toEqual(
    closed.map((event) => event.startDate),
  );
  // No event is in both lists.
  const upcomingIds = new Set(upcoming.map((event) => event.eventId));
  expect(closed.filter((event) => upcomingIds.has(event.eventId))).toEqual([]);

  await axeInBothThemes(page, 'community', () => closedList.waitFor());
});

test('a shopper browses the spaces and walks through the lightbox by keyboard', async ({
  page,
  app,
}) => {
  const spaces = await app.getJson<Space[]>('/api/v1/spaces');
  expect(spaces.length).toBeGreaterThan(2);
  const [first, second] = spaces;
  if (!first || !second) throw new Error('the seed has fewer than two spaces');
  // "Long window, workspace": what the photo's alt text and its button's label say.
  const description = (space: Space) =>
    `${space.name.charAt(0).toUpperCase()}${space.name.slice(1)}, ${space.type}`;
  const label = (space: Space) => `View ${description(space)} larger`;

  await page.goto('/spaces');
  await page.getByRole('heading', { level: 1, name: 'Spaces' }).waitFor();

  // Every space is in the gallery, in the API's order, in justified rows about 200 px high.
  const gallery = page.getByTestId('spaces-gallery');
  const tiles = gallery.getByRole('button');
  await pwExpect(tiles).toHaveCount(spaces.length);
  expect(
    await tiles.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
  ).toEqual(spaces.map(label));
  const rows = await gallery
    .locator('.react-photo-album--track')
    .evaluateAll((tracks) => tracks.map((track) => track.getBoundingClientRect().height));
  expect(rows.length).toBeGreaterThan(1);
  for (const height of rows) expect(height).toBeGreaterThan(140);

  await axeInBothThemes(page, 'spaces', () => gallery.waitFor());
  await setTheme(page, 'light');

  // I reach the first photo with the keyboard and open it with Enter.
  const firstTile = page.getByRole('button', { name: label(first) });
  await firstTile.focus();
  await page.keyboard.press('Enter');
  const lightbox = page.getByRole('dialog', { name: 'Spaces gallery' });
  await pwExpect(lightbox).toBeVisible();
  const current = lightbox.locator('.yarl__slide_current');
  await pwExpect(current.locator('img')).toHaveAttribute('alt', description(first));
  await expectNoSeriousA11yViolations(page, 'spaces lightbox');

  // Zoom steps by 1 (1×, 2×, 3×, not the library's 1×, 2×, 4×) with + and -, and the zoom
  // buttons follow.
  const zoomOut = lightbox.getByRole('button', { name: 'Zoom out' });
  const zoomed = current.locator('.yarl__slide_wrapper');
  await pwExpect(zoomOut).toBeDisabled();
  await page.keyboard.type('+');
  await pwExpect(zoomed).toHaveAttribute('style', /scale\(2\)/);
  await pwExpect(zoomOut).toBeEnabled();
  await page.keyboard.type('+');
  await pwExpect(zoomed).toHaveAttribute('style', /scale\(3\)/);
  await page.keyboard.type('-');
  await page.keyboard.type('-');
  await pwExpect(zoomed).toHaveAttribute('style', /scale\(1\)/);
  await pwExpect(zoomOut).toBeDisabled();

  // The right arrow shows the next space; two slides either side are already there.
  await page.keyboard.press('ArrowRight');
  await pwExpect(current.locator('img')).toHaveAttribute('alt', description(second));
  await pwExpect(lightbox.locator('.yarl__slide img')).toHaveCount(5);

  // Escape closes the lightbox and puts me back on the photo I opened.
  await page.keyboard.press('Escape');
  await pwExpect(lightbox).toHaveCount(0);
  await pwExpect(firstTile).toBeFocused();
});

function datetimes(elements: Element[]): (string | null)[] {
  return elements.map((element) => element.getAttribute('datetime'));
}

function sources(elements: Element[]): (string | null)[] {
  return elements.map((element) => element.getAttribute('src'));
}

test('on a phone, the news, a story, the community and the spaces fit the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const visits: [string, () => Promise<void>][] = [
    ['/news', () => page.getByTestId('news-card').first().waitFor()],
    ['/news/1', () => page.getByTestId('news-article').waitFor()],
    ['/community', () => page.getByTestId('closed-events').waitFor()],
    ['/spaces', () => page.getByTestId('spaces-gallery').waitFor()],
  ];
  for (const [path, ready] of visits) {
    await page.goto(path);
    await ready();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll on ${path}`).toBe(0);
  }
});
