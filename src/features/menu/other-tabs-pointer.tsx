import { useQueries } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import type { MenuCategory, MenuFilters } from '../../../machines/menu.machine';
import { productQueries } from '../../api/products.queries';
import { isPlainClick } from '../../lib/link-click';
import { menuHref } from './menu-filters';
import { matchesIn, otherTabCounts, otherTabsMessage, type TabMatches } from './other-tabs';

export type OtherTabsMessage = NonNullable<ReturnType<typeof otherTabsMessage>>;

/**
 * What the other tabs hold for the search that found nothing here (issue 30): one count per
 * tab, from the API (on a page the server rendered, already in its cache). Undefined until every
 * count is in, and while `enabled` is false (there are results, or nothing was searched).
 */
export function useOtherTabsMessage(
  filters: MenuFilters,
  enabled: boolean,
): OtherTabsMessage | undefined {
  const tabs = otherTabCounts(filters);
  const counts = useQueries({
    queries: tabs.map(({ query }) => ({ ...productQueries.search(query), enabled })),
  });
  if (!enabled) return undefined;
  return otherTabsMessage(
    filters.search,
    tabs.map(({ category }, index): TabMatches | undefined => {
      const total = counts[index]?.data?.totalElements;
      return total === undefined ? undefined : { category, count: total };
    }),
  );
}

// A target of at least 24 px for a finger (WCAG 2.5.8), the line kept as text.
const linkStyle = css({
  display: 'inline-block',
  py: '1',
  color: 'accent',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  borderRadius: 'sm',
  _hover: { textDecorationThickness: '2px' },
  _focusVisible: { focusOutline: 'outside' },
});

/**
 * The pointer itself: a link per tab with matches, to that tab with the same search, price and
 * sort. A link the server renders works before the scripts run; once they run the menu machine
 * follows it in place (`onFollow`).
 */
export function OtherTabsPointer({
  filters,
  message,
  onFollow,
}: {
  filters: MenuFilters;
  message: OtherTabsMessage;
  onFollow: (category: MenuCategory) => void;
}) {
  if ('none' in message) {
    return (
      <p data-testid="menu-other-tabs" className={css({ color: 'textMuted' })}>
        {message.none}
      </p>
    );
  }
  return (
    <div
      data-testid="menu-other-tabs"
      className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
    >
      <p>{message.lead}</p>
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {message.links.map((matches) => (
          <li key={matches.category}>
            <a
              href={menuHref({ ...filters, category: matches.category })}
              className={linkStyle}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                onFollow(matches.category);
              }}
            >
              {matchesIn(matches)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
