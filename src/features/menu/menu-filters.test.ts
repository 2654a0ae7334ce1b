import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU_FILTERS, type MenuFilters } from '../../../machines/menu.machine';
import { SORT_LABELS, menuQueryParams, menuSearchString, parseMenuSearch } from './menu-filters';

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
