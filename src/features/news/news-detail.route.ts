// A news story's route module (ADR-0051): what the server loads and writes for it.
import { newsQueries } from '../../api/content.queries';
import { loadOrNotFound } from '../../components/not-found-data';
import { newsItemHead, notFoundHead } from '../../lib/page-head';
import { paths, type routePatterns } from '../../lib/paths';
import { sitemapEntry, type PublicRoute } from '../../lib/public-route';
import { parseNewsId } from './news-detail-page';

export const route: PublicRoute<typeof routePatterns.newsDetail, number> = {
  // An id that is not a story id is no page of the shop: the browser shows the not-found page.
  parse: ({ newId }) => parseNewsId(newId),
  load: (queryClient, newId) =>
    loadOrNotFound(queryClient, () => queryClient.fetchQuery(newsQueries.detail(newId))),
  head: (queryClient, newId, outcome, origin) => {
    const story = queryClient.getQueryData(newsQueries.detail(newId).queryKey);
    return outcome === 'found' && story
      ? newsItemHead(story, origin)
      : notFoundHead(paths.newsDetail(newId));
  },
  // Each story, dated by its publication, newest first.
  sitemapPaths: ({ news }) =>
    news.map((story) => sitemapEntry(paths.newsDetail(story.id), story.changed)),
};
