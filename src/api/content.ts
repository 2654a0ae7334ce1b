import { apiClient, unwrap } from './client';
import type { RequestOptions } from './client';
import type {
  ClosedEventsParams,
  Id,
  News,
  NewsPage,
  NewsPageParams,
  ShopEvent,
  Space,
  UpcomingEventsParams,
} from './types';

/** One page of news, newest first. */
export async function listNews(
  params: NewsPageParams = {},
  { signal }: RequestOptions = {},
): Promise<NewsPage> {
  return unwrap(await apiClient().GET('/api/v1/news', { params: { query: params }, signal }));
}

export async function getNews(newId: Id, { signal }: RequestOptions = {}): Promise<News> {
  return unwrap(
    await apiClient().GET('/api/v1/news/{newId}', { params: { path: { newId } }, signal }),
  );
}

export async function listUpcomingEvents(
  params: UpcomingEventsParams = {},
  { signal }: RequestOptions = {},
): Promise<ShopEvent[]> {
  return unwrap(
    await apiClient().GET('/api/v1/events/upcoming', { params: { query: params }, signal }),
  );
}

export async function listClosedEvents(
  params: ClosedEventsParams = {},
  { signal }: RequestOptions = {},
): Promise<ShopEvent[]> {
  return unwrap(
    await apiClient().GET('/api/v1/events/closed', { params: { query: params }, signal }),
  );
}

export async function listSpaces({ signal }: RequestOptions = {}): Promise<Space[]> {
  return unwrap(await apiClient().GET('/api/v1/spaces', { signal }));
}
