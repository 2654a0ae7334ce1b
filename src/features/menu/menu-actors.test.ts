import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { DEFAULT_MENU_FILTERS, menuMachine } from '../../../machines/menu.machine';
import { errorAnswer } from '../../../tests/support/fake-api';
import { bindApi, createApiClient } from '../../api/client';
import type { ProductPage } from '../../api/types';
import { menuPagesActor, urlChangesActor } from './menu-actors';

// The real provided actors, driving the real machine without React: the pages actor over a
// TanStack Query cache (its fetch faked), the URL actor over a stand-in window.

function coffeePage(page: number, ids: number[]): ProductPage {
  return {
    items: ids.map((productId) => ({
      productId,
      name: `coffee ${productId}`,
      price: 5,
      oldPrice: null,
      description: '',
      category: 'coffee_baverage',
      quantity: 10,
      isAvailableAtWeb: true,
      images: [],
    })),
    totalElements: 10,
    totalPages: 2,
    page,
    size: 8,
  };
}

/** The window the URL actor listens to: an event target with a location the test moves. */
function standInWindow() {
  const stand = Object.assign(new EventTarget(), { location: { pathname: '/menu', search: '' } });
  vi.stubGlobal('window', stand);
  return stand;
}

function startMenu(answer: (page: number) => Response | Promise<Response>, page = 0) {
  const fakeWindow = standInWindow();
  const requests: number[] = [];
  const api = createApiClient({
    baseUrl: 'https://shop.example',
    fetch: async (request: Request) => {
      const asked = Number(new URL(request.url).searchParams.get('page'));
      requests.push(asked);
      return answer(asked);
    },
  });
  const queryClient = bindApi(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    api,
  );
  const actor = createActor(
    menuMachine.provide({
      actors: { menuPages: menuPagesActor(queryClient), urlChanges: urlChangesActor },
    }),
    { input: { filters: DEFAULT_MENU_FILTERS, debounceMs: 0, page } },
  );
  return { actor: actor.start(), requests, queryClient, fakeWindow };
}

const twoPages = (page: number) =>
  Response.json(page === 0 ? coffeePage(0, [1, 2, 3, 4, 5, 6, 7, 8]) : coffeePage(1, [8, 9, 10]));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('menuPagesActor: the menu machine fed by the query cache', () => {
  it('reports the first page, fetches the next on Load More, and counts merged products', async () => {
    const { actor, requests, queryClient } = startMenu(twoPages);

    await waitFor(actor, (snapshot) => snapshot.matches({ browsing: 'moreAvailable' }));
    expect(actor.getSnapshot().context.pages).toEqual([
      { itemsSoFar: 8, totalElements: 10, totalPages: 2 },
    ]);
    actor.send({ type: 'menu.loadMore' });
    await waitFor(actor, (snapshot) => snapshot.matches({ browsing: 'allShown' }));

    // Product 8 is on both pages: counted once.
    expect(actor.getSnapshot().context.pages.at(-1)?.itemsSoFar).toBe(10);
    expect(requests).toEqual([0, 1]);
    actor.stop();
    // Stopped with the menu: nobody watches the query any more.
    expect(queryClient.getQueryCache().getAll()[0]?.getObserversCount()).toBe(0);
  });

  it('reports a next page that fails, so Load More asks for it again', async () => {
    let failNext = true;
    const { actor, requests } = startMenu((page) => {
      if (page === 1 && failNext) {
        failNext = false;
        return errorAnswer(503, 'SERVICE_UNAVAILABLE', 'Back in a moment.');
      }
      return twoPages(page);
    });
    await waitFor(actor, (snapshot) => snapshot.matches({ browsing: 'moreAvailable' }));

    actor.send({ type: 'menu.loadMore' });
    await waitFor(actor, (snapshot) => snapshot.matches({ browsing: 'loadingMore' }) === false);

    expect(actor.getSnapshot().value).toEqual({ browsing: 'moreAvailable' });
    expect(actor.getSnapshot().context.page).toBe(0);
    actor.send({ type: 'menu.loadMore' });
    await waitFor(actor, (snapshot) => snapshot.matches({ browsing: 'allShown' }));
    expect(requests).toEqual([0, 1, 1]);
    actor.stop();
  });

  it('reports a first page that fails, and fetches it again on Try again', async () => {
    let held: (() => void) | null = null;
    const { actor, requests } = startMenu((page) =>
      requests.length === 1
        ? errorAnswer(503, 'SERVICE_UNAVAILABLE', 'Back in a moment.')
        : new Promise<Response>((resolve) => {
            held = () => resolve(twoPages(page));
          }),
    );
    await waitFor(actor, (snapshot) => snapshot.matches({ browsing: 'failed' }));

    actor.send({ type: 'menu.retry' });
    await vi.waitUntil(() => held !== null);

    // While the second try is on its way the menu reads as loading, not as failed again.
    expect(actor.getSnapshot().value).toEqual({ browsing: 'loadingFirstPage' });
    held!();
    await waitFor(actor, (snapshot) => snapshot.matches({ browsing: 'moreAvailable' }));
    expect(requests).toEqual([0, 0]);
    actor.stop();
  });
});

describe('urlChangesActor', () => {
  it("reports the menu's filters on back/forward and on a navigation, not once the menu is left", async () => {
    const { actor, fakeWindow } = startMenu(twoPages);
    await waitFor(actor, (snapshot) => snapshot.matches({ browsing: 'moreAvailable' }));

    fakeWindow.location.search = '?category=at_home&sort=price_desc';
    fakeWindow.dispatchEvent(new Event('popstate'));

    expect(actor.getSnapshot().context.filters).toEqual({
      ...DEFAULT_MENU_FILTERS,
      category: 'at_home',
      sort: 'price_desc',
    });
    fakeWindow.location.search = '?category=food_snack';
    fakeWindow.dispatchEvent(new Event('pushState'));
    expect(actor.getSnapshot().context.filters.category).toBe('food_snack');

    // A product card: the menu is on its way out, its filters stay.
    fakeWindow.location.pathname = '/menu/detail/3';
    fakeWindow.location.search = '';
    fakeWindow.dispatchEvent(new Event('pushState'));
    expect(actor.getSnapshot().context.filters.category).toBe('food_snack');
    actor.stop();
  });
});
