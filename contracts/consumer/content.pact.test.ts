import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getNews,
  listClosedEvents,
  listNews,
  listSpaces,
  listUpcomingEvents,
} from '../../src/api/content';
import { createPact, useApi } from './pact-harness';
import { news, newsPage, shopEvent, space } from './response-shapes';

const { eachLike, regex } = MatchersV3;
const contract = createPact('content');
const digits = (example: string) => regex('^[0-9]+$', example);

describe('content contract', () => {
  it('lists the first page of news', async () => {
    await contract
      .interaction('a request for the first page of news')
      .given('news items exist')
      .withRequest('GET', '/api/v1/news', (req) =>
        req.query({ page: digits('0'), size: digits('6') }),
      )
      .willRespondWith(200, (res) => res.jsonBody(newsPage))
      .executeTest(async (mock) => {
        useApi(mock);
        const page = await listNews({ page: 0, size: 6 });
        expect(page.items[0]?.newId).toBe(1);
      });
  });

  it('reads news item 1', async () => {
    await contract
      .interaction('a request for news item 1')
      .given('news items exist')
      .withRequest('GET', '/api/v1/news/1')
      .willRespondWith(200, (res) => res.jsonBody(news))
      .executeTest(async (mock) => {
        useApi(mock);
        const item = await getNews(1);
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
        useApi(mock);
        const events = await listUpcomingEvents({ size: 3 });
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
        useApi(mock);
        const events = await listClosedEvents({ page: 0, size: 8 });
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
        useApi(mock);
        const spaces = await listSpaces();
        expect(spaces[0]).toMatchObject({ spaceId: 2, type: 'workspace' });
      });
  });
});
