import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import {
  getNews,
  listClosedEvents,
  listNews,
  listNewsSlice,
  listSpaces,
  listUpcomingEvents,
} from './content';
import type { NewsSlice } from './content';
import type { ClosedEventsParams, Id, News, NewsListParams } from './types';
import { apiOf } from './client';

const NEWS_STALE_MS = 60_000;
/** Spec §9: the event cache is 300 s. */
const EVENTS_STALE_MS = 300_000;
const SPACES_STALE_MS = 5 * 60_000;

export const newsKeys = {
  all: ['news'] as const,
  pages: () => [...newsKeys.all, 'page'] as const,
  page: (params: NewsListParams) => [...newsKeys.pages(), params] as const,
  latest: (size?: number) => [...newsKeys.all, 'latest', { size }] as const,
  lists: () => [...newsKeys.all, 'list'] as const,
  list: (size: number) => [...newsKeys.lists(), { size }] as const,
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

type CachedNews = News[] | NewsSlice | InfiniteData<NewsSlice>;

/** The items of any news list query; detail entries (one News) are not lists and give none. */
function cachedItems(data: CachedNews | News | undefined): News[] {
  if (data === undefined) return [];
  if (Array.isArray(data)) return data;
  if ('pages' in data) return data.pages.flatMap((slice) => slice.items);
  if ('items' in data) return data.items;
  return [];
}

/** A news item already loaded by any news list query, and when that list was fetched. */
function cachedNews(
  queryClient: QueryClient,
  newId: Id,
): { item: News; updatedAt: number } | undefined {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: newsKeys.all })) {
    const item = cachedItems(query.state.data as CachedNews | News | undefined).find(
      (candidate) => candidate.newId === newId,
    );
    if (item) return { item, updatedAt: query.state.dataUpdatedAt };
  }
  return undefined;
}

/**
 * The next slice number, or undefined at the end. The total comes from X-Total-Count; without it
 * a slice shorter than `size` is taken as the last one.
 */
export function nextNewsSlice(
  size: number,
  last: NewsSlice,
  loaded: readonly NewsSlice[],
  lastSlice: number,
): number | undefined {
  const count = loaded.reduce((sum, slice) => sum + slice.items.length, 0);
  const more =
    last.totalCount === undefined
      ? last.items.length === size
      : last.items.length > 0 && count < last.totalCount;
  return more ? lastSlice + 1 : undefined;
}

export const newsQueries = {
  /** One slice of news with the total count (`.items` are the news). */
  page: (params: NewsListParams) =>
    queryOptions({
      queryKey: newsKeys.page(params),
      queryFn: ({ client, signal }) => listNewsSlice(apiOf(client), params, { signal }),
      staleTime: NEWS_STALE_MS,
    }),
  /** The `size` newest items (every item without `size`): the home page's teaser. */
  latest: (size?: number) =>
    queryOptions({
      queryKey: newsKeys.latest(size),
      queryFn: ({ client, signal }) =>
        listNews(apiOf(client), size === undefined ? {} : { size }, { signal }),
      staleTime: NEWS_STALE_MS,
    }),
  /** "Load More News": slices of `size`, newest first, until X-Total-Count items are loaded. */
  list: (size: number) =>
    infiniteQueryOptions({
      queryKey: newsKeys.list(size),
      queryFn: ({ client, pageParam, signal }) =>
        listNewsSlice(apiOf(client), { page: pageParam, size }, { signal }),
      initialPageParam: 0,
      getNextPageParam: (last, loaded, lastSlice) => nextNewsSlice(size, last, loaded, lastSlice),
      staleTime: NEWS_STALE_MS,
    }),
  /**
   * Pass the query client to start from a list's copy of the item (spec §2: the detail uses the
   * cached list item): it counts as fetched when the list was, so no request is made while the
   * list is fresh. Without a copy, the item is fetched by id.
   */
  detail: (newId: Id, queryClient?: QueryClient) =>
    queryOptions({
      queryKey: newsKeys.detail(newId),
      queryFn: ({ client, signal }) => getNews(apiOf(client), newId, { signal }),
      initialData: () => (queryClient ? cachedNews(queryClient, newId)?.item : undefined),
      initialDataUpdatedAt: () =>
        queryClient ? cachedNews(queryClient, newId)?.updatedAt : undefined,
      staleTime: NEWS_STALE_MS,
    }),
};

export const eventQueries = {
  upcoming: (size?: number) =>
    queryOptions({
      queryKey: eventKeys.upcoming(size),
      queryFn: ({ client, signal }) => listUpcomingEvents(apiOf(client), { size }, { signal }),
      staleTime: EVENTS_STALE_MS,
    }),
  closed: (params: ClosedEventsParams = {}) =>
    queryOptions({
      queryKey: eventKeys.closed(params),
      queryFn: ({ client, signal }) => listClosedEvents(apiOf(client), params, { signal }),
      staleTime: EVENTS_STALE_MS,
    }),
};

export const spaceQueries = {
  all: () =>
    queryOptions({
      queryKey: spaceKeys.all,
      queryFn: ({ client, signal }) => listSpaces(apiOf(client), { signal }),
      staleTime: SPACES_STALE_MS,
    }),
};
