import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { getNews, listClosedEvents, listNews, listSpaces, listUpcomingEvents } from './content';
import type { ClosedEventsParams, Id, News, NewsPage, NewsPageParams } from './types';

const NEWS_STALE_MS = 60_000;
/** Spec §9: the event cache is 300 s. */
export const EVENTS_STALE_MS = 300_000;
const SPACES_STALE_MS = 5 * 60_000;

export const newsKeys = {
  all: ['news'] as const,
  pages: () => [...newsKeys.all, 'page'] as const,
  page: (params: NewsPageParams) => [...newsKeys.pages(), params] as const,
  lists: () => [...newsKeys.all, 'list'] as const,
  list: (size?: number) => [...newsKeys.lists(), { size }] as const,
  details: () => [...newsKeys.all, 'detail'] as const,
  detail: (newId: Id) => [...newsKeys.details(), newId] as const,
};

export const eventKeys = {
  all: ['events'] as const,
  upcoming: (size?: number) => [...eventKeys.all, 'upcoming', { size }] as const,
  closed: (params: ClosedEventsParams) => [...eventKeys.all, 'closed', params] as const,
};

export const spaceKeys = {
  all: ['spaces'] as const,
};

/** A news item already loaded by a list or page query (spec: detail uses the cached list item). */
function cachedNews(queryClient: QueryClient, newId: Id): News | undefined {
  for (const [, data] of queryClient.getQueriesData<NewsPage | InfiniteData<NewsPage>>({
    queryKey: newsKeys.all,
  })) {
    const pages = data === undefined ? [] : 'pages' in data ? data.pages : [data];
    for (const page of pages) {
      const hit = page.items.find((item) => item.newId === newId);
      if (hit) return hit;
    }
  }
  return undefined;
}

export const newsQueries = {
  page: (params: NewsPageParams) =>
    queryOptions({
      queryKey: newsKeys.page(params),
      queryFn: ({ signal }) => listNews(params, { signal }),
      staleTime: NEWS_STALE_MS,
    }),
  /** "Load More News": pages of `size`, newest first. */
  list: (size?: number) =>
    infiniteQueryOptions({
      queryKey: newsKeys.list(size),
      queryFn: ({ pageParam, signal }) => listNews({ page: pageParam, size }, { signal }),
      initialPageParam: 0,
      getNextPageParam: (last) => (last.page + 1 < last.totalPages ? last.page + 1 : undefined),
      staleTime: NEWS_STALE_MS,
    }),
  /** Pass the query client to start from the list's copy of the item, when there is one. */
  detail: (newId: Id, queryClient?: QueryClient) =>
    // Explicit type arguments: left to inference, placeholderData's function type wins over queryFn.
    queryOptions<News, Error, News, ReturnType<typeof newsKeys.detail>>({
      queryKey: newsKeys.detail(newId),
      queryFn: ({ signal }) => getNews(newId, { signal }),
      placeholderData: () => (queryClient ? cachedNews(queryClient, newId) : undefined),
      staleTime: NEWS_STALE_MS,
    }),
};

export const eventQueries = {
  upcoming: (size?: number) =>
    queryOptions({
      queryKey: eventKeys.upcoming(size),
      queryFn: ({ signal }) => listUpcomingEvents({ size }, { signal }),
      staleTime: EVENTS_STALE_MS,
    }),
  closed: (params: ClosedEventsParams = {}) =>
    queryOptions({
      queryKey: eventKeys.closed(params),
      queryFn: ({ signal }) => listClosedEvents(params, { signal }),
      staleTime: EVENTS_STALE_MS,
    }),
};

export const spaceQueries = {
  all: () =>
    queryOptions({
      queryKey: spaceKeys.all,
      queryFn: ({ signal }) => listSpaces({ signal }),
      staleTime: SPACES_STALE_MS,
    }),
};
