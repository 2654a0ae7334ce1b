import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { newsKeys } from '../../api/content.queries';
import type { News } from '../../api/types';
import { errorAnswer, inTurn, jsonAnswer, type Handler } from '../../../tests/support/fake-api';
import { renderApp, type RenderAppOptions } from '../../../tests/support/render-app';
import { NewsDetailPage } from './news-detail-page';
import { NEWS_SLICE_SIZE, NewsPage } from './news-page';

const LIST = 'GET /api/v1/news';
const DETAIL = 'GET /api/v1/news/{newId}';
const FEATURED = 'GET /api/v1/products';

const news = (newId: number): News => ({
  newId,
  title: `Story ${newId}`,
  image: `/images/news/${newId}.svg`,
  createdAt: `2026-11-${String(newId + 10).padStart(2, '0')}T12:00:00.000Z`,
  time: '3 Min',
  description: `First paragraph of story ${newId}.\n\nSecond paragraph of story ${newId}.`,
});
/** Nine stories, newest first, like the seed. */
const ALL = [9, 8, 7, 6, 5, 4, 3, 2, 1].map(news);

function renderAt(
  path: string,
  api: RenderAppOptions['api'] = {},
  prepare?: RenderAppOptions['prepare'],
) {
  return renderApp({
    path,
    api,
    prepare,
    ui: (
      <>
        <Route path="/news" component={NewsPage} />
        <Route path="/news/:newId" component={NewsDetailPage} />
      </>
    ),
  });
}

/** The API: slices of ALL, with or without the X-Total-Count it normally sends. */
function slices({ withCount }: { withCount: boolean }): Handler<typeof LIST> {
  return ({ query }) => {
    const page = Number(query.get('page') ?? 0);
    const size = query.has('size') ? Number(query.get('size')) : undefined;
    const items = size === undefined ? ALL : ALL.slice(page * size, (page + 1) * size);
    return jsonAnswer(items, withCount ? { headers: { 'X-Total-Count': String(ALL.length) } } : {});
  };
}

describe('news list', () => {
  it('loads more news until every story is shown, then drops the button', async () => {
    const { user, api } = renderAt('/news', { [LIST]: slices({ withCount: true }) });

    expect(await screen.findAllByTestId('news-card')).toHaveLength(NEWS_SLICE_SIZE);
    expect(screen.getByRole('status')?.textContent).toContain('Showing 6 of 9 stories');
    await user.click(screen.getByRole('button', { name: 'Load More News' }));

    await waitFor(() => expect(screen.getAllByTestId('news-card')).toHaveLength(9));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      ALL.map((item) => item.title),
    );
    expect(screen.queryByRole('button', { name: 'Load More News' })).toBeNull();
    expect(screen.getByRole('status')?.textContent).toContain("You're all caught up");
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Story 3' }));
    expect(api.callsTo(LIST).map(({ query }) => query.toString())).toEqual([
      `page=0&size=${NEWS_SLICE_SIZE}`,
      `page=1&size=${NEWS_SLICE_SIZE}`,
    ]);
  });

  it('links every story to its page and shows its date and read time', async () => {
    renderAt('/news', { [LIST]: slices({ withCount: true }) });

    const link = await screen.findByRole('link', { name: 'Story 9' });
    expect(link?.getAttribute('href')).toBe('/news/9');
    const card = link.closest('article');
    expect(card?.querySelector('time')?.getAttribute('datetime')).toBe(ALL[0]?.createdAt);
    expect(card?.textContent).toContain('3 Min read');
    expect(card?.textContent).toContain('First paragraph of story 9.');
    expect(card?.textContent).not.toContain('Second paragraph');
  });

  it('ends at a short slice when the API sends no count', async () => {
    const { user } = renderAt('/news', { [LIST]: slices({ withCount: false }) });

    await screen.findAllByTestId('news-card');
    expect(screen.getByRole('status')?.textContent).toContain('Showing 6 stories');
    await user.click(screen.getByRole('button', { name: 'Load More News' }));
    await waitFor(() => expect(screen.getAllByTestId('news-card')).toHaveLength(9));
    expect(screen.queryByRole('button', { name: 'Load More News' })).toBeNull();
  });

  it('says when the news cannot be loaded, and tries again on request', async () => {
    // A 503 twice: the app's query client asks again once for a 5xx.
    const busy = () => errorAnswer(503, 'SERVICE_UNAVAILABLE', 'The shop is busy.');
    const { user, api } = renderAt('/news', { [LIST]: inTurn(busy, busy) });

    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the news.');
    api.on({ [LIST]: slices({ withCount: true }) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('news-card')).toHaveLength(NEWS_SLICE_SIZE);
  });
});

describe('news detail', () => {
  it("shows the list's copy of a story without asking the API again", async () => {
    const { api } = renderAt('/news/7', {}, (queryClient) =>
      queryClient.setQueryData(newsKeys.list(NEWS_SLICE_SIZE), {
        pages: [{ items: ALL.slice(0, 6), totalCount: 9 }],
        pageParams: [0],
      }),
    );

    expect(screen.getByRole('heading', { level: 1 })?.textContent).toContain('Story 7');
    screen.getByText('Second paragraph of story 7.');
    expect(api.callsTo(DETAIL)).toEqual([]);
  });

  it('fetches a story by id when no list holds it', async () => {
    const { api } = renderAt('/news/2', { [DETAIL]: news(2) });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('Story 2');
    // The tab names the story (issue 18).
    expect(document.title).toBe('Story 2 | Lumen Roastery');
    expect(api.callsTo(DETAIL).map(({ params }) => params.newId)).toEqual(['2']);
  });

  it('says a story does not exist, with a way back to the news', async () => {
    const { user, location, api } = renderAt('/news/99', {
      [DETAIL]: () => errorAnswer(404, 'NOT_FOUND', 'News not found'),
      [FEATURED]: [],
    });

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain(
      'News not found',
    );
    // The shop's one not-found: the way home, and the tab names what is missing.
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('News not found | Lumen Roastery');
    api.on({ [LIST]: slices({ withCount: true }) });
    await user.click(screen.getByRole('link', { name: 'See all news' }));
    expect(location.history?.at(-1)).toBe('/news');
  });

  it('treats an address that is not a news id as not found, without a request', () => {
    const { api } = renderAt('/news/latest', { [FEATURED]: [] });

    expect(screen.getByRole('heading', { level: 1 })?.textContent).toContain('News not found');
    expect(api.callsTo(DETAIL)).toEqual([]);
  });
});
