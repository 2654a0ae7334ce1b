import { MENU_CATEGORIES, type MenuFilters } from '../../../machines/menu.machine';
import type { Category, SearchProductsParams } from '../../api/types';
import { categoryLabel } from '../../components/category-labels';
import { matchCountParams } from './menu-filters';

/**
 * No dead ends (issue 30, ADR-0059): a search that finds nothing in the open tab says how many
 * matches each other tab has and links there. The counts are the API's own `totalElements` of
 * each other tab's first page for the same search and price, one product long: no new endpoint.
 * The words shown are kept here, with the rules that pick them.
 */

/** The other tabs, in the tabs' order, each with the request that counts its matches. */
export function otherTabCounts(
  filters: MenuFilters,
): { category: Category; query: SearchProductsParams }[] {
  return MENU_CATEGORIES.filter((category) => category !== filters.category).map((category) => ({
    category,
    query: matchCountParams(filters, category),
  }));
}

/** One other tab's count, once the API has answered for it. */
export type TabMatches = { category: Category; count: number };

/** A link's words: "1 match in Food and Snack", "3 matches in Lumen Roastery at Home". */
export function matchesIn({ category, count }: TabMatches): string {
  return `${count} ${count === 1 ? 'match' : 'matches'} in ${categoryLabel(category)}`;
}

/**
 * What the pointer says about the other tabs, once every count is in: the tabs with matches (a
 * lead and one link each), or that none has any. Undefined while a count is missing (still
 * loading, or failed): the pointer shows nothing rather than a count it does not have.
 */
export function otherTabsMessage(
  search: string,
  counts: readonly (TabMatches | undefined)[],
): { lead: string; links: TabMatches[] } | { none: string } | undefined {
  if (counts.some((count) => count === undefined)) return undefined;
  const links = counts.filter(
    (count): count is TabMatches => count !== undefined && count.count > 0,
  );
  return links.length > 0
    ? { lead: `Other tabs have matches for “${search}”:`, links }
    : { none: `No other tab has a match for “${search}” either.` };
}

/** The same, in one sentence for the menu's status region (read out by screen readers). */
export function otherTabsSummary(
  message: NonNullable<ReturnType<typeof otherTabsMessage>>,
): string {
  return 'none' in message
    ? message.none
    : `${message.lead} ${message.links.map(matchesIn).join(', ')}.`;
}
