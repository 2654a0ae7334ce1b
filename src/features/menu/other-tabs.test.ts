import { describe, expect, it } from 'vitest';
import { DEFAULT_MENU_FILTERS } from '../../../machines/menu.machine';
import { matchesIn, otherTabCounts, otherTabsMessage, otherTabsSummary } from './other-tabs';

describe('the pointer of an empty search to the other tabs (issue 30)', () => {
  it('counts in each other tab, in the order of the tabs', () => {
    const tabs = otherTabCounts({ ...DEFAULT_MENU_FILTERS, category: 'food_snack', search: 'x' });
    expect(tabs.map((tab) => tab.category)).toEqual(['coffee_baverage', 'at_home']);
    expect(tabs.map((tab) => tab.query.size)).toEqual([1, 1]);
  });

  it('names each tab with matches and its count, one or many', () => {
    expect(matchesIn({ category: 'food_snack', count: 1 })).toBe('1 match in Food and Snack');
    expect(matchesIn({ category: 'at_home', count: 3 })).toBe(
      '3 matches in Lumen Roastery at Home',
    );
  });

  it('leaves out the tabs without matches', () => {
    const message = otherTabsMessage('croissant', [
      { category: 'food_snack', count: 1 },
      { category: 'at_home', count: 0 },
    ]);
    expect(message).toEqual({
      lead: 'Other tabs have matches for “croissant”:',
      links: [{ category: 'food_snack', count: 1 }],
    });
    expect(message && otherTabsSummary(message)).toBe(
      'Other tabs have matches for “croissant”: 1 match in Food and Snack.',
    );
  });

  it('says when no other tab has any either', () => {
    const message = otherTabsMessage('unicorn', [
      { category: 'food_snack', count: 0 },
      { category: 'at_home', count: 0 },
    ]);
    expect(message).toEqual({ none: 'No other tab has a match for “unicorn” either.' });
    expect(message && otherTabsSummary(message)).toBe(
      'No other tab has a match for “unicorn” either.',
    );
  });

  it('says nothing until every count is in: never a count it does not have', () => {
    expect(otherTabsMessage('latte', [{ category: 'food_snack', count: 2 }, undefined])).toBe(
      undefined,
    );
  });
});
