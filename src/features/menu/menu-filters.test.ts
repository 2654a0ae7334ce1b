import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU_FILTERS, type MenuFilters } from '../../../machines/menu.machine';
import {
  MAX_URL_PAGES,
  SORT_LABELS,
  matchCountParams,
  menuHref,
  menuQueryParams,
  menuSearchString,
  parseMenuPage,
  parseMenuSearch,
} from './menu-filters';

describe('menu filters in the URL', () => {
  it('round-trip through the query string', () => {
    const filters: MenuFilters = {
      category: 'at_home',
      search: 'french press',
      price: 'under10',
      sort: 'price_desc',
    };
    const search = menuSearchString(filters);
    expect(search).toBe('?category=at_home&search=french+press&price=under10&sort=price_desc');
    expect(parseMenuSearch(search)).toEqual(filters);
  });

  it('leave the defaults out, so /menu is the plain menu', () => {
    expect(menuSearchString(DEFAULT_MENU_FILTERS)).toBe('');
    expect(parseMenuSearch('')).toEqual(DEFAULT_MENU_FILTERS);
  });

  it('fall back to defaults for values a hand-edited link got wrong', () => {
    expect(parseMenuSearch('?category=tea&price=free&sort=random&search=%20%20')).toEqual(
      DEFAULT_MENU_FILTERS,
    );
  });
});

describe('the pages shown, in the URL (Load More as a link, ADR-0059)', () => {
  it('round-trip: ?page=N shows pages 1..N, the first page needs no parameter', () => {
    const filters: MenuFilters = { ...DEFAULT_MENU_FILTERS, category: 'food_snack' };
    expect(menuSearchString(filters, 1)).toBe('?category=food_snack&page=2');
    expect(parseMenuPage('?category=food_snack&page=2')).toBe(1);
    expect(menuSearchString(filters, 0)).toBe('?category=food_snack');
    expect(parseMenuPage('?category=food_snack')).toBe(0);
    expect(menuHref(DEFAULT_MENU_FILTERS, 2)).toBe('/menu?page=3');
    expect(menuHref(DEFAULT_MENU_FILTERS)).toBe('/menu');
  });

  it('reads a page number that is not one as the first page', () => {
    for (const page of ['0', '-1', 'two', '1.5', '', '1e3', '999999']) {
      expect(parseMenuPage(`?page=${page}`)).toBe(0);
    }
  });

  it('asks for no more than MAX_URL_PAGES, however many the address says', () => {
    expect(parseMenuPage('?page=500')).toBe(MAX_URL_PAGES - 1);
    expect(menuSearchString(DEFAULT_MENU_FILTERS, 500)).toBe(`?page=${MAX_URL_PAGES}`);
  });

  it('are not part of the filters (a change of filters starts again from page 1)', () => {
    expect(parseMenuSearch('?category=at_home&page=3')).toEqual({
      ...DEFAULT_MENU_FILTERS,
      category: 'at_home',
    });
  });
});

describe('the count of matches in another tab (issue 30)', () => {
  it('asks that tab for one product of the same search and price, whatever the order', () => {
    expect(
      matchCountParams(
        { category: 'coffee_baverage', search: 'croissant', price: 'under6', sort: 'price_desc' },
        'food_snack',
      ),
    ).toEqual({ category: 'food_snack', search: 'croissant', maxPrice: 6, page: 0, size: 1 });
    expect(matchCountParams({ ...DEFAULT_MENU_FILTERS, search: 'mug' }, 'at_home')).toEqual({
      category: 'at_home',
      search: 'mug',
      page: 0,
      size: 1,
    });
  });
});

describe('menu query parameters (spec §9)', () => {
  it('map price filters to maxPrice and sorts to sortBy/sortDirection, 8 a page', () => {
    expect(menuQueryParams(DEFAULT_MENU_FILTERS)).toEqual({
      category: 'coffee_baverage',
      size: 8,
      sortBy: 'createdAt',
      sortDirection: 'asc',
    });
    expect(
      menuQueryParams({
        category: 'food_snack',
        search: 'cake',
        price: 'under6',
        sort: 'best_selling',
      }),
    ).toEqual({
      category: 'food_snack',
      size: 8,
      search: 'cake',
      maxPrice: 6,
      sortBy: 'quantity',
      sortDirection: 'asc',
    });
    expect(
      menuQueryParams({ ...DEFAULT_MENU_FILTERS, price: 'under10', sort: 'price_asc' }),
    ).toMatchObject({
      maxPrice: 10,
      sortBy: 'price',
      sortDirection: 'asc',
    });
    expect(menuQueryParams({ ...DEFAULT_MENU_FILTERS, sort: 'price_desc' })).toMatchObject({
      sortBy: 'price',
      sortDirection: 'desc',
    });
  });
});

describe('sort labels (D9: a label says what the order is)', () => {
  it('names the default createdAt-ascending order "All Items", not "Newest"', () => {
    expect(menuQueryParams({ ...DEFAULT_MENU_FILTERS, sort: 'all' })).toMatchObject({
      sortBy: 'createdAt',
      sortDirection: 'asc',
    });
    expect(SORT_LABELS.all).toBe('All Items');
    expect(Object.values(SORT_LABELS)).not.toContain('Newest');
  });
});
