import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getNews,
  listClosedEvents,
  listNews,
  listNewsSlice,
  listSpaces,
  listUpcomingEvents,
} from '../../src/api/content';
import { createPact, useApi } from './pact-harness';
import { news, shopEvent, space } from './response-shapes';

const { eachLike, regex } = MatchersV3;
const contract = createPact('content');
const digits = (example: string) => regex('^[0-9]+$', example);

describe('content contract', () => {
  it('lists all the news as one array', async () => {
    await contract
      .interaction('a request for the news list')
      .given('news items exist')
      .withRequest('GET', '/api/v1/news')
      .willRespondWith(200, (res) => res.jsonBody(eachLike(news)))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const items = await listNews(api);
        expect(items[0]?.newId).toBe(1);
      });
  });

  it('reads a slice of news and the total count', async () => {
    await contract
      .interaction('a request for a slice of the news list')
      .given('news items exist')
      .withRequest('GET', '/api/v1/news', (req) =>
        req.query({ page: digits('0'), size: digits('6') }),
      )
      .willRespondWith(200, (res) =>
        res.headers({ 'X-Total-Count': digits('9') }).jsonBody(eachLike(news)),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const slice = await listNewsSlice(api, { page: 0, size: 6 });
        expect(slice.items[0]?.newId).toBe(1);
        expect(slice.totalCount).toBe(9);
      });
  });

  it('reads news item 1', async () => {
    await contract
      .interaction('a request for news item 1')
      .given('news items exist')
      .withRequest('GET', '/api/v1/news/1')
      .willRespondWith(200, (res) => res.jsonBody(news))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const item = await getNews(api, 1);
        expect(item.time).toBe('4 Min');
      });
  });

  it('lists the upcoming events', async () => {
    await contract
      .interaction('a request for the upcoming events')
      .given('upcoming and past events exist')
      .withRequest('GET', '/api/v1/events/upcoming', (req) => req.query({ size: digits('3') }))
      .willRespondWith(200, (res) => res.jsonBody(eachLike(shopEvent)))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const events = await listUpcomingEvents(api, { size: 3 });
        expect(events[0]?.startDate).toMatch(/Z$/);
      });
  });

  it('lists the closed events', async () => {
    await contract
      .interaction('a request for the closed events')
      .given('upcoming and past events exist')
      .withRequest('GET', '/api/v1/events/closed', (req) =>
        req.query({ page: digits('0'), size: digits('8') }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(eachLike({ ...shopEvent, startDate: shopEvent.startDate })),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const events = await listClosedEvents(api, { page: 0, size: 8 });
        expect(events[0]?.duration).toBe('02:00:00');
      });
  });

  it('lists the spaces', async () => {
    await contract
      .interaction('a request for the spaces')
      .given('spaces exist')
      .withRequest('GET', '/api/v1/spaces')
      .willRespondWith(200, (res) => res.jsonBody(eachLike(space)))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const spaces = await listSpaces(api);
        expect(spaces[0]).toMatchObject({
          spaceId: 2,
          type: 'workspace',
          width: 1600,
          height: 900,
        });
      });
  });
});
