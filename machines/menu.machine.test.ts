import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, SimulatedClock, type EventObject } from 'xstate';
import {
  DEFAULT_MENU_FILTERS,
  mergePages,
  menuMachine,
  summarisePages,
  type MenuEvent,
  type MenuFilters,
  type MenuPageSummary,
  type MenuPagesCommand,
  type MenuPagesInput,
  type UrlHistory,
} from './menu.machine';

const DEBOUNCE_MS = 300;

type UrlWrite = { filters: MenuFilters; page: number; history: UrlHistory };

/**
 * A fake of the provided `menuPages` actor (the real one observes TanStack Query's cache): the
 * test answers for the cache. It records the filters of every actor started, the commands the
 * machine sends it, and how many were stopped.
 */
function fakePages() {
  const fake = {
    started: [] as MenuFilters[],
    commands: [] as MenuPagesCommand['type'][],
    stopped: 0,
    sendBack: null as ((event: MenuEvent) => void) | null,
    /** The cache holds these pages for the current filters. */
    answer(pages: readonly MenuPageSummary[]) {
      fake.sendBack?.({ type: 'menu.pagesLoaded', pages });
    },
    fail() {
      fake.sendBack?.({ type: 'menu.loadFailed' });
    },
  };
  const logic = fromCallback<MenuPagesCommand, MenuPagesInput>(({ input, sendBack, receive }) => {
    fake.started.push(input.filters);
    fake.sendBack = sendBack;
    receive((command) => fake.commands.push(command.type));
    return () => {
      fake.stopped += 1;
    };
  });
  return { fake, logic };
}

/** A fake of the provided `urlChanges` actor: the test plays the address bar. */
function fakeUrl() {
  const url = { change: (_filters: MenuFilters) => {} };
  const logic = fromCallback<EventObject>(({ sendBack }) => {
    url.change = (filters) => sendBack({ type: 'menu.urlChanged', filters } satisfies MenuEvent);
  });
  return { url, logic };
}

function startMenu(filters: Partial<MenuFilters> = {}, page?: number) {
  const urlWrites: UrlWrite[] = [];
  const clock = new SimulatedClock();
  const pages = fakePages();
  const address = fakeUrl();
  const logic = menuMachine.provide({
    actions: {
      writeUrl: (_, params) => {
        urlWrites.push(params);
      },
    },
    actors: { menuPages: pages.logic, urlChanges: address.logic },
  });
  const actor = createActor(logic, {
    input: {
      filters: { ...DEFAULT_MENU_FILTERS, ...filters },
      debounceMs: DEBOUNCE_MS,
      ...(page === undefined ? {} : { page }),
    },
    clock,
  });
  actor.start();
  cacheOf.set(actor, pages.fake);
  return { actor, urlWrites, clock, pages: pages.fake, url: address.url };
}

type MenuActor = ReturnType<typeof startMenu>['actor'];
const cacheOf = new WeakMap<MenuActor, ReturnType<typeof fakePages>['fake']>();

/** Summaries of cached pages: `items[n]` distinct products first seen on page n. */
function cached(
  items: readonly number[],
  totals: { totalElements: number; totalPages: number },
): MenuPageSummary[] {
  let soFar = 0;
  return items.map((count) => ({ itemsSoFar: (soFar += count), ...totals }));
}

/** 12 coffees, 8 a page: two pages. */
const TWO_PAGES = { totalElements: 12, totalPages: 2 };

function loadFirstPage(actor: MenuActor) {
  cacheOf.get(actor)?.answer(cached([8], TWO_PAGES));
}

/** Brings the menu to page 1 of two, everything shown. */
function loadBothPages(actor: MenuActor) {
  loadFirstPage(actor);
  actor.send({ type: 'menu.loadMore' });
  cacheOf.get(actor)?.answer(cached([8, 4], TWO_PAGES));
}

describe('menu machine: start', () => {
  it('starts on page 0 of the filters it is given, loading, without touching the URL', () => {
    const { actor, urlWrites } = startMenu({ category: 'food_snack', price: 'under6' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'loadingFirstPage' });
    expect(snapshot.hasTag('loading')).toBe(true);
    expect(snapshot.context).toMatchObject({
      filters: { category: 'food_snack', search: '', price: 'under6', sort: 'all' },
      searchText: '',
      page: 0,
      pages: [],
    });
    expect(urlWrites).toEqual([]);
  });

  it('puts a search from the URL in the search box', () => {
    const { actor } = startMenu({ search: 'latte' });
    expect(actor.getSnapshot().context.searchText).toBe('latte');
  });

  it('starts from the pages the cache already holds (a page rendered on the server): Load More at once, not loading', () => {
    const logic = menuMachine.provide({ actors: { menuPages: fakePages().logic } });
    // Not started, as the server renders it and as hydration first reads it.
    const actor = createActor(logic, {
      input: {
        filters: DEFAULT_MENU_FILTERS,
        debounceMs: DEBOUNCE_MS,
        pages: cached([8], TWO_PAGES),
      },
    });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'moreAvailable' });
    expect(snapshot.hasTag('loading')).toBe(false);
    expect(snapshot.hasTag('moreAvailable')).toBe(true);
  });
});

describe('menu machine: Load More', () => {
  it('shows while fewer items are loaded than totalElements', () => {
    const { actor } = startMenu();

    loadFirstPage(actor);

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'moreAvailable' });
    expect(snapshot.hasTag('moreAvailable')).toBe(true);
    expect(snapshot.can({ type: 'menu.loadMore' })).toBe(true);
  });

  it('advances the page and reads as loading until that page arrives', () => {
    const { actor } = startMenu();
    loadFirstPage(actor);

    actor.send({ type: 'menu.loadMore' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'loadingMore' });
    expect(snapshot.context.page).toBe(1);
    expect(snapshot.hasTag('loadingMore')).toBe(true);
    expect(snapshot.hasTag('moreAvailable')).toBe(true);
    // A second click while loading does not skip a page.
    expect(snapshot.can({ type: 'menu.loadMore' })).toBe(false);
    actor.send({ type: 'menu.loadMore' });
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('ignores a report that does not yet include the page asked for', () => {
    const { actor } = startMenu();
    loadFirstPage(actor);
    actor.send({ type: 'menu.loadMore' });

    // A background refetch of page 0 only.
    loadFirstPage(actor);

    expect(actor.getSnapshot().value).toEqual({ browsing: 'loadingMore' });
  });

  it('disappears once every item is loaded', () => {
    const { actor } = startMenu();

    loadBothPages(actor);

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'allShown' });
    expect(snapshot.hasTag('moreAvailable')).toBe(false);
    expect(snapshot.can({ type: 'menu.loadMore' })).toBe(false);
    expect(snapshot.context.pages).toEqual([
      { itemsSoFar: 8, ...TWO_PAGES },
      { itemsSoFar: 12, ...TWO_PAGES },
    ]);
  });

  it('does not show on a first page that holds everything', () => {
    const { actor, pages } = startMenu({ category: 'at_home', search: 'press' });

    pages.answer(cached([2], { totalElements: 2, totalPages: 1 }));

    expect(actor.getSnapshot().value).toEqual({ browsing: 'allShown' });
  });

  it('shows but does not advance when items are missing yet no page is left', () => {
    const { actor, pages } = startMenu();
    // Duplicates across pages: 12 announced, 11 distinct after merging both pages.
    loadFirstPage(actor);
    actor.send({ type: 'menu.loadMore' });
    pages.answer(cached([8, 3], TWO_PAGES));

    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('moreAvailable')).toBe(true);
    expect(snapshot.can({ type: 'menu.loadMore' })).toBe(false);
    actor.send({ type: 'menu.loadMore' });
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('asks the pages actor for the next page, once per Load More', () => {
    const { actor, pages } = startMenu();
    loadFirstPage(actor);

    actor.send({ type: 'menu.loadMore' });
    actor.send({ type: 'menu.loadMore' });

    expect(pages.commands).toEqual(['menu.fetchNextPage']);
  });

  it('steps back when the next page fails, so Load More asks for it again', () => {
    const { actor, pages } = startMenu();
    loadFirstPage(actor);
    actor.send({ type: 'menu.loadMore' });

    pages.fail();

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'moreAvailable' });
    expect(snapshot.context.page).toBe(0);
    expect(snapshot.can({ type: 'menu.loadMore' })).toBe(true);
    actor.send({ type: 'menu.loadMore' });
    expect(pages.commands).toEqual(['menu.fetchNextPage', 'menu.fetchNextPage']);
    pages.answer(cached([8, 4], TWO_PAGES));
    expect(actor.getSnapshot().value).toEqual({ browsing: 'allShown' });
  });

  it('puts the pages shown in the URL, as its link does, replacing the entry (ADR-0059)', () => {
    const { actor, urlWrites } = startMenu({ category: 'food_snack' });
    loadFirstPage(actor);

    actor.send({ type: 'menu.loadMore' });

    expect(urlWrites).toEqual([
      { filters: { ...DEFAULT_MENU_FILTERS, category: 'food_snack' }, page: 1, history: 'replace' },
    ]);
  });

  it('takes the page back out of the URL when it fails to load', () => {
    const { actor, urlWrites, pages } = startMenu();
    loadFirstPage(actor);
    actor.send({ type: 'menu.loadMore' });

    pages.fail();

    expect(urlWrites.map((write) => [write.page, write.history])).toEqual([
      [1, 'replace'],
      [0, 'replace'],
    ]);
  });
});

describe('menu machine: the pointer to the tabs that have matches (issue 30)', () => {
  it('opens that tab with the search, price and sort kept, from page 0, pushing the URL', () => {
    const { actor, urlWrites, pages } = startMenu({
      search: 'croissant',
      price: 'under10',
      sort: 'price_asc',
    });
    pages.answer([{ itemsSoFar: 0, totalElements: 0, totalPages: 0 }]);
    expect(actor.getSnapshot().value).toEqual({ browsing: 'allShown' });

    actor.send({ type: 'menu.followMatches', category: 'food_snack' });

    const snapshot = actor.getSnapshot();
    const expected: MenuFilters = {
      category: 'food_snack',
      search: 'croissant',
      price: 'under10',
      sort: 'price_asc',
    };
    expect(snapshot.value).toEqual({ browsing: 'loadingFirstPage' });
    expect(snapshot.context.filters).toEqual(expected);
    expect(snapshot.context.searchText).toBe('croissant');
    expect(snapshot.context.page).toBe(0);
    expect(pages.started.at(-1)).toEqual(expected);
    expect(urlWrites).toEqual([{ filters: expected, page: 0, history: 'push' }]);
  });

  it('drops a search still being typed for the one it counted', () => {
    const { actor, clock } = startMenu({ search: 'croissant' });
    actor.send({ type: 'menu.typeSearch', text: 'croissants and' });

    actor.send({ type: 'menu.followMatches', category: 'food_snack' });
    clock.increment(DEBOUNCE_MS);

    expect(actor.getSnapshot().context.filters.search).toBe('croissant');
    expect(actor.getSnapshot().context.searchText).toBe('croissant');
  });

  it('the tab already shown changes nothing', () => {
    const { actor, urlWrites } = startMenu({ search: 'latte' });

    actor.send({ type: 'menu.followMatches', category: 'coffee_baverage' });

    expect(urlWrites).toEqual([]);
  });
});

describe('menu machine: back on a menu loaded further (Back after Load More)', () => {
  /** 20 coffees, 8 a page: three pages. */
  const THREE_PAGES = { totalElements: 20, totalPages: 3 };

  it('shows the pages it is started with once they are reported, and Load More goes on', () => {
    const { actor, urlWrites, pages } = startMenu({}, 1);

    expect(actor.getSnapshot().context.page).toBe(1);
    // The cache answers with both pages at once.
    pages.answer(cached([8, 8], THREE_PAGES));

    expect(actor.getSnapshot().value).toEqual({ browsing: 'moreAvailable' });
    actor.send({ type: 'menu.loadMore' });
    expect(actor.getSnapshot().context.page).toBe(2);
    expect(pages.commands).toEqual(['menu.fetchNextPage']);
    // The address says three pages now, as Load More's link would have (ADR-0059).
    expect(urlWrites).toEqual([{ filters: DEFAULT_MENU_FILTERS, page: 2, history: 'replace' }]);
  });

  it('restored on page 2 of 3, shows all three cached pages without fetching any', () => {
    const { actor, pages } = startMenu({}, 2);

    // Nothing is shown until the cache reports the page asked for.
    pages.answer(cached([8, 8], THREE_PAGES));
    expect(actor.getSnapshot().value).toEqual({ browsing: 'loadingFirstPage' });
    pages.answer(cached([8, 8, 4], THREE_PAGES));

    expect(actor.getSnapshot().value).toEqual({ browsing: 'allShown' });
    expect(actor.getSnapshot().context.page).toBe(2);
    expect(pages.commands).toEqual([]);
  });

  it('shows a next page the cache still holds at once on Load More, without fetching it', () => {
    // Back on page 0 of filters loaded to page 2 before (the cache holds all three pages).
    const { actor, pages } = startMenu();
    pages.answer(cached([8, 8, 4], THREE_PAGES));

    actor.send({ type: 'menu.loadMore' });

    expect(actor.getSnapshot().value).toEqual({ browsing: 'moreAvailable' });
    expect(actor.getSnapshot().context.page).toBe(1);
    actor.send({ type: 'menu.loadMore' });
    expect(actor.getSnapshot().value).toEqual({ browsing: 'allShown' });
    expect(pages.commands).toEqual([]);
  });

  it('still starts again from page 0 on a change of tab', () => {
    const { actor, pages } = startMenu({}, 2);
    pages.answer(cached([8, 8, 4], THREE_PAGES));

    actor.send({ type: 'menu.selectCategory', category: 'food_snack' });

    expect(actor.getSnapshot().context.page).toBe(0);
  });
});

describe('menu machine: every change starts again from page 0', () => {
  it('a tab change resets the page, clears the search and pushes the URL', () => {
    const { actor, urlWrites } = startMenu({ search: 'iced' });
    loadBothPages(actor);
    urlWrites.splice(0); // Load More's own write (tested under Load More)

    actor.send({ type: 'menu.selectCategory', category: 'food_snack' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'loadingFirstPage' });
    expect(snapshot.context.page).toBe(0);
    expect(snapshot.context.pages).toEqual([]);
    expect(snapshot.context.filters).toEqual({ ...DEFAULT_MENU_FILTERS, category: 'food_snack' });
    expect(snapshot.context.searchText).toBe('');
    expect(urlWrites).toEqual([{ filters: snapshot.context.filters, page: 0, history: 'push' }]);
  });

  it('a tab change keeps the price filter and the sort', () => {
    const { actor } = startMenu({ price: 'under10', sort: 'price_desc' });

    actor.send({ type: 'menu.selectCategory', category: 'at_home' });

    expect(actor.getSnapshot().context.filters).toEqual({
      category: 'at_home',
      search: '',
      price: 'under10',
      sort: 'price_desc',
    });
  });

  it('the tab already shown changes nothing', () => {
    const { actor, urlWrites } = startMenu();
    loadBothPages(actor);
    urlWrites.splice(0); // Load More's own write (tested under Load More)

    actor.send({ type: 'menu.selectCategory', category: 'coffee_baverage' });

    expect(actor.getSnapshot().value).toEqual({ browsing: 'allShown' });
    expect(actor.getSnapshot().context.page).toBe(1);
    expect(urlWrites).toEqual([]);
  });

  it('a price filter resets the page and pushes the URL', () => {
    const { actor, urlWrites } = startMenu();
    loadBothPages(actor);
    urlWrites.splice(0); // Load More's own write (tested under Load More)

    actor.send({ type: 'menu.setPrice', price: 'under6' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'loadingFirstPage' });
    expect(snapshot.context.page).toBe(0);
    expect(snapshot.context.filters.price).toBe('under6');
    expect(urlWrites).toEqual([{ filters: snapshot.context.filters, page: 0, history: 'push' }]);
  });

  it('a sort resets the page and pushes the URL', () => {
    const { actor, urlWrites } = startMenu();
    loadBothPages(actor);
    urlWrites.splice(0); // Load More's own write (tested under Load More)

    actor.send({ type: 'menu.setSort', sort: 'best_selling' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'loadingFirstPage' });
    expect(snapshot.context.page).toBe(0);
    expect(snapshot.context.filters.sort).toBe('best_selling');
    expect(urlWrites).toHaveLength(1);
  });

  it('choosing the price or sort already chosen changes nothing', () => {
    const { actor, urlWrites } = startMenu({ price: 'under10', sort: 'price_asc' });
    loadBothPages(actor);
    urlWrites.splice(0); // Load More's own write (tested under Load More)

    actor.send({ type: 'menu.setPrice', price: 'under10' });
    actor.send({ type: 'menu.setSort', sort: 'price_asc' });

    expect(actor.getSnapshot().context.page).toBe(1);
    expect(urlWrites).toEqual([]);
  });
});

describe('menu machine: search is debounced', () => {
  it('commits the typed text after the quiet time, from page 0, replacing the URL', () => {
    const { actor, urlWrites, clock } = startMenu();
    loadBothPages(actor);
    urlWrites.splice(0); // Load More's own write (tested under Load More)

    actor.send({ type: 'menu.typeSearch', text: 'lat' });
    clock.increment(DEBOUNCE_MS - 1);
    actor.send({ type: 'menu.typeSearch', text: 'latte ' });
    clock.increment(DEBOUNCE_MS - 1);

    // Still typing: the box follows, the results do not.
    expect(actor.getSnapshot().context.searchText).toBe('latte ');
    expect(actor.getSnapshot().context.filters.search).toBe('');
    expect(actor.getSnapshot().context.page).toBe(1);
    expect(urlWrites).toEqual([]);

    clock.increment(1);

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'loadingFirstPage' });
    expect(snapshot.context.filters.search).toBe('latte');
    expect(snapshot.context.page).toBe(0);
    expect(urlWrites).toEqual([{ filters: snapshot.context.filters, page: 0, history: 'replace' }]);
  });

  it('commits at once on submit (Enter), and only once', () => {
    const { actor, urlWrites, clock } = startMenu();

    actor.send({ type: 'menu.typeSearch', text: 'mocha' });
    actor.send({ type: 'menu.submitSearch' });

    expect(actor.getSnapshot().context.filters.search).toBe('mocha');
    clock.increment(DEBOUNCE_MS);
    expect(urlWrites).toHaveLength(1);
  });

  it('does nothing when the text comes back to the search already shown', () => {
    const { actor, urlWrites, clock } = startMenu({ search: 'tea' });
    loadFirstPage(actor);

    actor.send({ type: 'menu.typeSearch', text: 'tea pot' });
    actor.send({ type: 'menu.typeSearch', text: ' tea' });
    clock.increment(DEBOUNCE_MS);

    expect(actor.getSnapshot().value).toEqual({ browsing: 'moreAvailable' });
    expect(urlWrites).toEqual([]);
  });

  it('a tab change drops a search still being typed', () => {
    const { actor, clock } = startMenu();

    actor.send({ type: 'menu.typeSearch', text: 'croissant' });
    actor.send({ type: 'menu.selectCategory', category: 'food_snack' });
    clock.increment(DEBOUNCE_MS);

    expect(actor.getSnapshot().context.filters.search).toBe('');
    expect(actor.getSnapshot().context.searchText).toBe('');
  });
});

describe('menu machine: reset and the URL', () => {
  it('reset filters keeps the tab and clears search, price and sort', () => {
    const { actor, urlWrites } = startMenu({
      category: 'at_home',
      search: 'zzz',
      price: 'under6',
      sort: 'price_desc',
    });

    actor.send({ type: 'menu.resetFilters' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.context.filters).toEqual({ ...DEFAULT_MENU_FILTERS, category: 'at_home' });
    expect(snapshot.context.searchText).toBe('');
    expect(snapshot.value).toEqual({ browsing: 'loadingFirstPage' });
    expect(urlWrites).toEqual([{ filters: snapshot.context.filters, page: 0, history: 'push' }]);
  });

  it('cannot reset what is already the default', () => {
    const { actor } = startMenu({ category: 'food_snack' });
    expect(actor.getSnapshot().can({ type: 'menu.resetFilters' })).toBe(false);
  });

  it('adopts filters from the URL (back/forward) from page 0, without writing the URL back', () => {
    const { actor, urlWrites, url, pages } = startMenu();
    loadBothPages(actor);
    urlWrites.splice(0); // Load More's own write (tested under Load More)
    const fromUrl: MenuFilters = {
      category: 'food_snack',
      search: 'cake',
      price: 'under10',
      sort: 'price_asc',
    };

    url.change(fromUrl);

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ browsing: 'loadingFirstPage' });
    expect(snapshot.context.filters).toEqual(fromUrl);
    expect(snapshot.context.searchText).toBe('cake');
    expect(snapshot.context.page).toBe(0);
    expect(pages.started.at(-1)).toEqual(fromUrl);
    expect(urlWrites).toEqual([]);
  });

  it('ignores the URL echoing the filters it already has', () => {
    const { actor, urlWrites, url } = startMenu();
    loadBothPages(actor);
    urlWrites.splice(0); // Load More's own write (tested under Load More)

    actor.send({ type: 'menu.setSort', sort: 'price_desc' });
    loadFirstPage(actor);
    url.change(urlWrites[0]!.filters);

    expect(actor.getSnapshot().value).toEqual({ browsing: 'moreAvailable' });
  });
});

describe('menu machine: pages come from the provided pages actor', () => {
  it('starts one pages actor on the filters it is given, and shows what it answers', () => {
    const { actor, pages } = startMenu({ category: 'food_snack', sort: 'price_asc' });

    expect(pages.started).toEqual([
      { category: 'food_snack', search: '', price: 'all', sort: 'price_asc' },
    ]);
    pages.answer(cached([8], TWO_PAGES));

    expect(actor.getSnapshot().value).toEqual({ browsing: 'moreAvailable' });
    expect(actor.getSnapshot().context.pages).toEqual([{ itemsSoFar: 8, ...TWO_PAGES }]);
  });

  it('a first page that fails waits for Try again, which asks the pages actor again', () => {
    const { actor, pages } = startMenu();

    pages.fail();

    expect(actor.getSnapshot().value).toEqual({ browsing: 'failed' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(false);
    expect(actor.getSnapshot().can({ type: 'menu.loadMore' })).toBe(false);
    actor.send({ type: 'menu.retry' });
    expect(actor.getSnapshot().value).toEqual({ browsing: 'loadingFirstPage' });
    expect(pages.commands).toEqual(['menu.retry']);
    // A second Try again while the first is on its way asks nothing more.
    expect(actor.getSnapshot().can({ type: 'menu.retry' })).toBe(false);
    loadFirstPage(actor);
    expect(actor.getSnapshot().value).toEqual({ browsing: 'moreAvailable' });
  });

  it('a change of filters stops the pages actor and starts one on the new filters', () => {
    const { actor, pages } = startMenu();
    loadBothPages(actor);
    const previous = pages.sendBack;

    actor.send({ type: 'menu.setPrice', price: 'under6' });
    // A late answer about the old filters is not about these.
    previous?.({ type: 'menu.pagesLoaded', pages: cached([8, 4], TWO_PAGES) });

    expect(pages.stopped).toBe(1);
    expect(pages.started).toEqual([
      DEFAULT_MENU_FILTERS,
      { ...DEFAULT_MENU_FILTERS, price: 'under6' },
    ]);
    expect(actor.getSnapshot().value).toEqual({ browsing: 'loadingFirstPage' });
    pages.answer(cached([3], { totalElements: 3, totalPages: 1 }));
    expect(actor.getSnapshot().value).toEqual({ browsing: 'allShown' });
  });

  it('a change that changes nothing keeps the pages actor running', () => {
    const { actor, pages } = startMenu();
    loadFirstPage(actor);

    actor.send({ type: 'menu.setSort', sort: 'all' });
    actor.send({ type: 'menu.selectCategory', category: 'coffee_baverage' });

    expect(pages.started).toHaveLength(1);
    expect(pages.stopped).toBe(0);
  });

  it('stops the pages actor with the menu', () => {
    const { actor, pages } = startMenu();

    actor.stop();

    expect(pages.stopped).toBe(1);
  });
});

describe('summarisePages', () => {
  it("counts the distinct products up to each page, with each page's totals", () => {
    const page = (ids: number[], totalElements = 11) => ({
      items: ids.map((productId) => ({ productId })),
      totalElements,
      totalPages: 2,
    });
    expect(summarisePages([page([1, 2, 3]), page([3, 4], 12)])).toEqual([
      { itemsSoFar: 3, totalElements: 11, totalPages: 2 },
      { itemsSoFar: 4, totalElements: 12, totalPages: 2 },
    ]);
    expect(summarisePages([])).toEqual([]);
  });
});

describe('mergePages', () => {
  const item = (productId: number, name = `p${productId}`) => ({ productId, name });

  it('keeps page order and each product once, where it was first seen', () => {
    const merged = mergePages([
      { items: [item(1), item(2), item(3)] },
      { items: [item(3, 'moved'), item(4)] },
    ]);
    expect(merged).toEqual([item(1), item(2), item(3), item(4)]);
  });

  it('is just page 0 when page 0 is the only page (a new first page replaces the list)', () => {
    expect(mergePages([{ items: [item(7), item(8)] }])).toEqual([item(7), item(8)]);
    expect(mergePages([])).toEqual([]);
  });
});
