import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '../../api/api-error';
import type * as ContentModule from '../../api/content';
import { newsKeys } from '../../api/content.queries';
import type { News } from '../../api/types';
import { NewsDetailPage } from './news-detail-page';
import { NEWS_SLICE_SIZE, NewsPage } from './news-page';

// The module boundary: the news queries call these request functions.
vi.mock('../../api/content', async (importOriginal) => ({
  ...(await importOriginal<typeof ContentModule>()),
  listNewsSlice: vi.fn(),
  getNews: vi.fn(),
}));
const { listNewsSlice, getNews } = await import('../../api/content');

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

function renderAt(path: string, queryClient = new QueryClient()) {
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const location = memoryLocation({ path, record: true });
  render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook}>
        <Route path="/news" component={NewsPage} />
        <Route path="/news/:newId" component={NewsDetailPage} />
      </Router>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), location };
}

/** The API: slices of ALL, with or without the X-Total-Count it normally sends. */
function serveSlices({ withCount }: { withCount: boolean }) {
  vi.mocked(listNewsSlice).mockImplementation(async ({ page = 0, size } = {}) => {
    const items = size === undefined ? ALL : ALL.slice(page * size, (page + 1) * size);
    return { items, totalCount: withCount ? ALL.length : undefined };
  });
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('news list', () => {
  it('loads more news until every story is shown, then drops the button', async () => {
    serveSlices({ withCount: true });
    const { user } = renderAt('/news');

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
    expect(vi.mocked(listNewsSlice).mock.calls.map(([params]) => params)).toEqual([
      { page: 0, size: NEWS_SLICE_SIZE },
      { page: 1, size: NEWS_SLICE_SIZE },
    ]);
  });

  it('links every story to its page and shows its date and read time', async () => {
    serveSlices({ withCount: true });
    renderAt('/news');

    const link = await screen.findByRole('link', { name: 'Story 9' });
    expect(link?.getAttribute('href')).toBe('/news/9');
    const card = link.closest('article');
    expect(card?.querySelector('time')?.getAttribute('datetime')).toBe(ALL[0]?.createdAt);
    expect(card?.textContent).toContain('3 Min read');
    expect(card?.textContent).toContain('First paragraph of story 9.');
    expect(card?.textContent).not.toContain('Second paragraph');
  });

  it('ends at a short slice when the API sends no count', async () => {
    serveSlices({ withCount: false });
    const { user } = renderAt('/news');

    await screen.findAllByTestId('news-card');
    expect(screen.getByRole('status')?.textContent).toContain('Showing 6 stories');
    await user.click(screen.getByRole('button', { name: 'Load More News' }));
    await waitFor(() => expect(screen.getAllByTestId('news-card')).toHaveLength(9));
    expect(screen.queryByRole('button', { name: 'Load More News' })).toBeNull();
  });

  it('says when the news cannot be loaded, and tries again on request', async () => {
    vi.mocked(listNewsSlice).mockRejectedValueOnce(
      new ApiError({ status: 503, code: 'UNKNOWN', message: 'The shop is busy.' }),
    );
    const { user } = renderAt('/news');

    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the news.');
    serveSlices({ withCount: true });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('news-card')).toHaveLength(NEWS_SLICE_SIZE);
  });
});

describe('news detail', () => {
  it("shows the list's copy of a story without asking the API again", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(newsKeys.list(NEWS_SLICE_SIZE), {
      pages: [{ items: ALL.slice(0, 6), totalCount: 9 }],
      pageParams: [0],
    });
    renderAt('/news/7', queryClient);

    expect(screen.getByRole('heading', { level: 1 })?.textContent).toContain('Story 7');
    screen.getByText('Second paragraph of story 7.');
    expect(getNews).not.toHaveBeenCalled();
  });

  it('fetches a story by id when no list holds it', async () => {
    vi.mocked(getNews).mockResolvedValue(news(2));
    renderAt('/news/2');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('Story 2');
    expect(vi.mocked(getNews).mock.calls[0]?.[0]).toBe(2);
  });

  it('says a story does not exist, with a way back to the news', async () => {
    vi.mocked(getNews).mockRejectedValue(
      new ApiError({ status: 404, code: 'NOT_FOUND', message: 'News not found' }),
    );
    const { user, location } = renderAt('/news/99');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain(
      'News not found',
    );
    serveSlices({ withCount: true });
    await user.click(screen.getByRole('link', { name: 'See all news' }));
    expect(location.history?.at(-1)).toBe('/news');
  });

  it('treats an address that is not a news id as not found, without a request', () => {
    renderAt('/news/latest');

    expect(screen.getByRole('heading', { level: 1 })?.textContent).toContain('News not found');
    expect(getNews).not.toHaveBeenCalled();
  });
});
