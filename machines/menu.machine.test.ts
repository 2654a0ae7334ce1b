import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  DEFAULT_MENU_FILTERS,
  mergePages,
  menuMachine,
  type MenuFilters,
  type MenuResults,
  type UrlHistory,
} from './menu.machine';

const DEBOUNCE_MS = 300;

type UrlWrite = { filters: MenuFilters; history: UrlHistory };

function startMenu(filters: Partial<MenuFilters> = {}, page?: number) {
  const urlWrites: UrlWrite[] = [];
  const clock = new SimulatedClock();
  const logic = menuMachine.provide({
    actions: {
      writeUrl: (_, params) => {
        urlWrites.push(params);
      },
    },
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
  return { actor, urlWrites, clock };
}

type MenuActor = ReturnType<typeof startMenu>['actor'];

/** 12 coffees, 8 a page: two pages. */
const TWO_PAGES: Omit<MenuResults, 'loadedPages' | 'loadedItems'> = {
  totalElements: 12,
  totalPages: 2,
};

function loadFirstPage(actor: MenuActor) {
  actor.send({ type: 'menu.pageLoaded', loadedPages: 1, loadedItems: 8, ...TWO_PAGES });
}

/** Brings the menu to page 1 of two, everything shown. */
function loadBothPages(actor: MenuActor) {
  loadFirstPage(actor);
  actor.send({ type: 'menu.loadMore' });
  actor.send({ type: 'menu.pageLoaded', loadedPages: 2, loadedItems: 12, ...TWO_PAGES });
}

describe('menu machine: start', () => {
  it('starts on page 0 of the filters it is given, loading, without touching the URL', () => {
    const { actor, urlWrites } = startMenu({ category: 'food_snack', price: 'under6' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loadingFirstPage');
    expect(snapshot.hasTag('loading')).toBe(true);
    expect(snapshot.context).toMatchObject({
      filters: { category: 'food_snack', search: '', price: 'under6', sort: 'all' },
      searchText: '',
      page: 0,
      results: null,
    });
    expect(urlWrites).toEqual([]);
  });

  it('puts a search from the URL in the search box', () => {
    const { actor } = startMenu({ search: 'latte' });
    expect(actor.getSnapshot().context.searchText).toBe('latte');
  });
});

describe('menu machine: Load More', () => {
  it('shows while fewer items are loaded than totalElements', () => {
    const { actor } = startMenu();

    loadFirstPage(actor);

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('moreAvailable');
    expect(snapshot.hasTag('moreAvailable')).toBe(true);
    expect(snapshot.can({ type: 'menu.loadMore' })).toBe(true);
  });

  it('advances the page and reads as loading until that page arrives', () => {
    const { actor } = startMenu();
    loadFirstPage(actor);

    actor.send({ type: 'menu.loadMore' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loadingMore');
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

    expect(actor.getSnapshot().value).toBe('loadingMore');
  });

  it('disappears once every item is loaded', () => {
    const { actor } = startMenu();

    loadBothPages(actor);

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('allShown');
    expect(snapshot.hasTag('moreAvailable')).toBe(false);
    expect(snapshot.can({ type: 'menu.loadMore' })).toBe(false);
    expect(snapshot.context.results).toEqual({
      loadedPages: 2,
      loadedItems: 12,
      totalElements: 12,
      totalPages: 2,
    });
  });

  it('does not show on a first page that holds everything', () => {
    const { actor } = startMenu({ category: 'at_home', search: 'press' });

    actor.send({
      type: 'menu.pageLoaded',
      loadedPages: 1,
      loadedItems: 2,
      totalElements: 2,
      totalPages: 1,
    });

    expect(actor.getSnapshot().value).toBe('allShown');
  });

  it('shows but does not advance when items are missing yet no page is left', () => {
    const { actor } = startMenu();
    // Duplicates across pages: 12 announced, 11 distinct after merging both pages.
    loadFirstPage(actor);
    actor.send({ type: 'menu.loadMore' });
    actor.send({ type: 'menu.pageLoaded', loadedPages: 2, loadedItems: 11, ...TWO_PAGES });

    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('moreAvailable')).toBe(true);
    expect(snapshot.can({ type: 'menu.loadMore' })).toBe(false);
    actor.send({ type: 'menu.loadMore' });
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('steps back when the next page fails, so Load More asks for it again', () => {
    const { actor } = startMenu();
    loadFirstPage(actor);
    actor.send({ type: 'menu.loadMore' });

    actor.send({ type: 'menu.loadFailed' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('moreAvailable');
    expect(snapshot.context.page).toBe(0);
    expect(snapshot.can({ type: 'menu.loadMore' })).toBe(true);
  });
});

describe('menu machine: back on a menu loaded further (Back after Load More)', () => {
  /** 20 coffees, 8 a page: three pages. */
  const THREE_PAGES = { totalElements: 20, totalPages: 3 };

  it('shows the pages it is started with once they are reported, and Load More goes on', () => {
    const { actor, urlWrites } = startMenu({}, 1);

    expect(actor.getSnapshot().context.page).toBe(1);
    // The cache answers with both pages at once.
    actor.send({ type: 'menu.pageLoaded', loadedPages: 2, loadedItems: 16, ...THREE_PAGES });

    expect(actor.getSnapshot().value).toBe('moreAvailable');
    actor.send({ type: 'menu.loadMore' });
    expect(actor.getSnapshot().context.page).toBe(2);
    expect(urlWrites).toEqual([]);
  });

  it('still starts again from page 0 on a change of tab', () => {
    const { actor } = startMenu({}, 2);
    actor.send({ type: 'menu.pageLoaded', loadedPages: 3, loadedItems: 20, ...THREE_PAGES });

    actor.send({ type: 'menu.selectCategory', category: 'food_snack' });

    expect(actor.getSnapshot().context.page).toBe(0);
  });
});

describe('menu machine: every change starts again from page 0', () => {
  it('a tab change resets the page, clears the search and pushes the URL', () => {
    const { actor, urlWrites } = startMenu({ search: 'iced' });
    loadBothPages(actor);

    actor.send({ type: 'menu.selectCategory', category: 'food_snack' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loadingFirstPage');
    expect(snapshot.context.page).toBe(0);
    expect(snapshot.context.results).toBeNull();
    expect(snapshot.context.filters).toEqual({ ...DEFAULT_MENU_FILTERS, category: 'food_snack' });
    expect(snapshot.context.searchText).toBe('');
    expect(urlWrites).toEqual([{ filters: snapshot.context.filters, history: 'push' }]);
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

    actor.send({ type: 'menu.selectCategory', category: 'coffee_baverage' });

    expect(actor.getSnapshot().value).toBe('allShown');
    expect(actor.getSnapshot().context.page).toBe(1);
    expect(urlWrites).toEqual([]);
  });

  it('a price filter resets the page and pushes the URL', () => {
    const { actor, urlWrites } = startMenu();
    loadBothPages(actor);

    actor.send({ type: 'menu.setPrice', price: 'under6' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loadingFirstPage');
    expect(snapshot.context.page).toBe(0);
    expect(snapshot.context.filters.price).toBe('under6');
    expect(urlWrites).toEqual([{ filters: snapshot.context.filters, history: 'push' }]);
  });

  it('a sort resets the page and pushes the URL', () => {
    const { actor, urlWrites } = startMenu();
    loadBothPages(actor);

    actor.send({ type: 'menu.setSort', sort: 'best_selling' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loadingFirstPage');
    expect(snapshot.context.page).toBe(0);
    expect(snapshot.context.filters.sort).toBe('best_selling');
    expect(urlWrites).toHaveLength(1);
  });

  it('choosing the price or sort already chosen changes nothing', () => {
    const { actor, urlWrites } = startMenu({ price: 'under10', sort: 'price_asc' });
    loadBothPages(actor);

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
    expect(snapshot.value).toBe('loadingFirstPage');
    expect(snapshot.context.filters.search).toBe('latte');
    expect(snapshot.context.page).toBe(0);
    expect(urlWrites).toEqual([{ filters: snapshot.context.filters, history: 'replace' }]);
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

    expect(actor.getSnapshot().value).toBe('moreAvailable');
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
    expect(snapshot.value).toBe('loadingFirstPage');
    expect(urlWrites).toEqual([{ filters: snapshot.context.filters, history: 'push' }]);
  });

  it('cannot reset what is already the default', () => {
    const { actor } = startMenu({ category: 'food_snack' });
    expect(actor.getSnapshot().can({ type: 'menu.resetFilters' })).toBe(false);
  });

  it('adopts filters from the URL (back/forward) from page 0, without writing the URL back', () => {
    const { actor, urlWrites } = startMenu();
    loadBothPages(actor);
    const fromUrl: MenuFilters = {
      category: 'food_snack',
      search: 'cake',
      price: 'under10',
      sort: 'price_asc',
    };

    actor.send({ type: 'menu.urlChanged', filters: fromUrl });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loadingFirstPage');
    expect(snapshot.context.filters).toEqual(fromUrl);
    expect(snapshot.context.searchText).toBe('cake');
    expect(snapshot.context.page).toBe(0);
    expect(urlWrites).toEqual([]);
  });

  it('ignores the URL echoing the filters it already has', () => {
    const { actor, urlWrites } = startMenu();
    loadBothPages(actor);

    actor.send({ type: 'menu.setSort', sort: 'price_desc' });
    loadFirstPage(actor);
    actor.send({ type: 'menu.urlChanged', filters: urlWrites[0]!.filters });

    expect(actor.getSnapshot().value).toBe('moreAvailable');
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
