import { unwrap } from './client';
import type { ApiClient, RequestOptions } from './client';
import type {
  ClosedEventsParams,
  Id,
  News,
  NewsListParams,
  ShopEvent,
  Space,
  UpcomingEventsParams,
} from './types';

/** The response header that counts every news item, whatever slice was asked for. */
const NEWS_TOTAL_HEADER = 'X-Total-Count';

/** News, newest first: every item without `size`, else the `page`-th slice of `size` items. */
export async function listNews(
  api: ApiClient,
  params: NewsListParams = {},
  { signal }: RequestOptions = {},
): Promise<News[]> {
  return (await listNewsSlice(api, params, { signal })).items;
}

/** A slice of the news list and, from X-Total-Count, how many items exist in all. */
export interface NewsSlice {
  items: News[];
  /** Undefined when the header cannot be read (a cross-origin setup that does not expose it). */
  totalCount: number | undefined;
}

export async function listNewsSlice(
  api: ApiClient,
  params: NewsListParams = {},
  { signal }: RequestOptions = {},
): Promise<NewsSlice> {
  const result = await api.GET('/api/v1/news', { params: { query: params }, signal });
  const items = unwrap(result);
  return { items, totalCount: readCount(result.response.headers.get(NEWS_TOTAL_HEADER)) };
}

function readCount(header: string | null): number | undefined {
  if (header === null || !/^\d+$/.test(header.trim())) return undefined;
  return Number(header);
}

export async function getNews(
  api: ApiClient,
  newId: Id,
  { signal }: RequestOptions = {},
): Promise<News> {
  return unwrap(await api.GET('/api/v1/news/{newId}', { params: { path: { newId } }, signal }));
}

export async function listUpcomingEvents(
  api: ApiClient,
  params: UpcomingEventsParams = {},
  { signal }: RequestOptions = {},
): Promise<ShopEvent[]> {
  return unwrap(await api.GET('/api/v1/events/upcoming', { params: { query: params }, signal }));
}

export async function listClosedEvents(
  api: ApiClient,
  params: ClosedEventsParams = {},
  { signal }: RequestOptions = {},
): Promise<ShopEvent[]> {
  return unwrap(await api.GET('/api/v1/events/closed', { params: { query: params }, signal }));
}

export async function listSpaces(
  api: ApiClient,
  { signal }: RequestOptions = {},
): Promise<Space[]> {
  return unwrap(await api.GET('/api/v1/spaces', { signal }));
}
