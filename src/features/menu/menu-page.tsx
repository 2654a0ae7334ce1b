import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useSearch } from 'wouter';
import type { InspectionEvent, Observer } from 'xstate';
import { css } from 'styled-system/css';
import type { MenuCategory } from '../../../machines/menu.machine';
import { selectFilters, selectPage } from '../../../machines/menu.selectors';
import { CATEGORIES, CATEGORY_LABELS } from '../../components/category-labels';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { afterNextPaint } from '../../lib/after-next-paint';
import { paths } from '../../lib/paths';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/tabs';
import { MenuControls } from './menu-controls';
import { productQueries } from '../../api/products.queries';
import {
  menuHref,
  menuQueryParams,
  parseMenuPage,
  parseMenuSearch,
  SEARCH_DEBOUNCE_MS,
} from './menu-filters';
import { cachedMenuPages, createMenuLogic } from './menu-actors';
import { MenuResults } from './menu-results';
import { claimMenuEntry, pageToRestore, recallMenuVisit, rememberMenuVisit } from './menu-return';
import { useInspector } from '../../ui/inspector';

/**
 * /menu. The address bar is the source of truth for the filters: it seeds the menu machine, the
 * machine writes every change the shopper makes back to it (`writeUrl`), and back/forward or a
 * shared link reach the machine through its `urlChanges` actor. A reload therefore restores the
 * view. The pages come to the machine through its `menuPages` actor, a query observer over the
 * cache (menu-actors.ts); both are provided here, where the actor is created.
 *
 * Before the scripts run, the tabs are links to the addresses the machine would write (ADR-0059),
 * as are Load More and the pointer to other tabs (menu-results.tsx), and the filters a GET form
 * (menu-controls.tsx): the server renders whatever they open.
 */
export type MenuPageProps = {
  /** The Stately inspector (dev only), when not provided by <InspectorProvider>. */
  inspect?: Observer<InspectionEvent>;
};

export function MenuPage({ inspect: inspectProp }: MenuPageProps = {}) {
  const inspect = useInspector() ?? inspectProp;
  const search = useSearch();
  const [, navigate] = useLocation();
  const urlFilters = useMemo(() => parseMenuSearch(search), [search]);

  const queryClient = useQueryClient();
  // Created once: the machine is handed the real URL writer, URL source and pages here, where
  // the router and the query client live.
  const [logic] = useState(() =>
    createMenuLogic({
      queryClient,
      writeUrl: (search, history) =>
        history === 'replace'
          ? // The entry's state stays: it holds this entry's id for Back (menu-return.ts).
            navigate(`${paths.menu()}${search}`, { replace: true, state: window.history.state })
          : navigate(`${paths.menu()}${search}`),
    }),
  );
  // Back on an entry the shopper had loaded further: the same pages (those the cache still
  // holds) and, once they are laid out, the same scroll (menu-return.ts).
  const [restore] = useState(() => {
    const visit = recallMenuVisit();
    const cached = queryClient.getQueryData(
      productQueries.menu(menuQueryParams(urlFilters)).queryKey,
    );
    const cachedPages = cached?.pages.length ?? 0;
    return {
      // The pages the address asks for (Load More's `?page=2`, rendered so by the server), or
      // those of a return to this entry, as far as the cache holds them.
      page: pageToRestore(visit, cachedPages, parseMenuPage(search)),
      scrollY: visit !== undefined && cachedPages > 0 ? visit.scrollY : null,
      // The machine starts from what the cache holds: on a page the server rendered, the HTML.
      pages: cached ? cachedMenuPages(cached.pages) : undefined,
    };
  });
  const menu = useActorRef(logic, {
    input: {
      filters: urlFilters,
      debounceMs: SEARCH_DEBOUNCE_MS,
      page: restore.page,
      ...(restore.pages ? { pages: restore.pages } : {}),
    },
    inspect,
  });

  // Every change of page or scroll is remembered for this history entry, so a return finds it.
  const entry = useRef<string | null>(null);
  useEffect(() => {
    entry.current = claimMenuEntry();
  }, [search]);
  useEffect(() => {
    // The scroll is read in its own event, when the layout is fresh; reading it on every change
    // of the machine would force a layout in the middle of a tap (issue 27).
    let scrollY = window.scrollY;
    let page = menu.getSnapshot().context.page;
    const record = () => {
      if (entry.current === null) return;
      rememberMenuVisit(entry.current, { page, scrollY });
    };
    const onScroll = () => {
      scrollY = window.scrollY;
      record();
    };
    const subscription = menu.subscribe((snapshot) => {
      if (snapshot.context.page === page) return;
      page = snapshot.context.page;
      record();
    });
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('scroll', onScroll);
    };
  }, [menu]);

  const filters = useSelector(menu, selectFilters);
  const page = useSelector(menu, selectPage);
  const { category } = filters;

  // A tapped tab shows as chosen in the tap's own frame; the machine's change (the new tab's
  // results, the address) runs after that paint, so the tap answers at once on a slow phone
  // (INP, issue 27). A later tap wins: an earlier change does not clear it.
  const [chosen, setChosen] = useState<MenuCategory | null>(null);
  const shownCategory = chosen ?? category;
  const selectCategory = (next: MenuCategory) => {
    setChosen(next);
    afterNextPaint(() => {
      menu.send({ type: 'menu.selectCategory', category: next });
      setChosen((current) => (current === next ? null : current));
    });
  };

  // The pointer of an empty search to another tab (issue 30): that tab, with the search. Its
  // link is gone once followed, so focus moves to the tab now selected.
  const tabsArea = useRef<HTMLDivElement>(null);
  const followMatches = useCallback(
    (next: MenuCategory) => {
      flushSync(() => menu.send({ type: 'menu.followMatches', category: next }));
      tabsArea.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
    },
    [menu],
  );
  // The same elements across a tab's tap: the tap's own render is the tab list alone.
  const controls = useMemo(() => <MenuControls menu={menu} />, [menu]);
  const results = useMemo(
    () => (
      <MenuResults menu={menu} restoreScrollY={restore.scrollY} onFollowMatches={followMatches} />
    ),
    [menu, restore.scrollY, followMatches],
  );

  return (
    <PageContainer>
      <PageTitle subtitle="Freshly pulled drinks, food from our kitchen, and everything to brew at home.">
        Menu
      </PageTitle>
      <div ref={tabsArea}>
        <Tabs
          value={shownCategory}
          onValueChange={selectCategory}
          className={css({ display: 'flex', flexDirection: 'column', gap: { base: '5', md: '6' } })}
        >
          <TabList label="Menu categories">
            {CATEGORIES.map((value) => (
              <Tab
                key={value}
                value={value}
                // A tab change clears the search (spec §4) and keeps the price and sort.
                href={
                  value === category
                    ? menuHref(filters, page)
                    : menuHref({ ...filters, category: value, search: '' })
                }
              >
                {CATEGORY_LABELS[value]}
              </Tab>
            ))}
          </TabList>
          {controls}
          {/* One panel, for the selected tab: the results (and their live status) stay mounted
            across tab changes, so the change is announced. */}
          <TabPanel value={shownCategory}>{results}</TabPanel>
        </Tabs>
      </div>
    </PageContainer>
  );
}
