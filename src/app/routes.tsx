import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import { routePatterns, type RouteName } from '../lib/paths';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RequireSession } from '../session/session';
import { useDocumentTitle } from '../ui/use-document-title';
import { RouteErrorBoundary } from './route-error-boundary';
import { ROUTE_NAMES, ROUTE_TABLE, routeAt, routeParser } from './route-table';
import { PageHydrated } from './page-hydrated';
import { RouteFallback } from './route-fallback';

const NOT_FOUND_TITLE = 'Page not found';

/** Sets the tab title: "<page> | Lumen Roastery", or the brand alone on the home page. */
function DocumentTitle({ title }: { title?: string | undefined }) {
  useDocumentTitle(title);
  return null;
}

/**
 * What every route renders around its page: the chunk's loading state, and an error boundary so
 * a failing screen (or a chunk that cannot be fetched) never blanks the whole shop. The hydration
 * mark is inside the loading state's boundary: it comes when the page itself works.
 */
export function RouteBody({ name, children }: { name: RouteName; children: ReactNode }) {
  const [location] = useLocation();
  const content = (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<RouteFallback />}>
        {children}
        <PageHydrated />
      </Suspense>
    </RouteErrorBoundary>
  );
  return ROUTE_TABLE[name].access === 'private' ? (
    <RequireSession>{content}</RequireSession>
  ) : (
    content
  );
}

/**
 * Loads the page shown at `pathname` ahead of the first render. The browser does this before it
 * hydrates a page the server rendered, so hydration runs in one pass instead of waiting on the
 * page's chunk half-way (the page's boot script asked for that chunk already, beside the entry:
 * a modulepreload).
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const route = routeAt(pathname);
  await (route ? ROUTE_TABLE[route.name].page.Page.preload?.() : undefined);
}

/** The router over the route table, matching with the same parser as `routeAt` (ADR-0051). */
export function AppRoutes() {
  return (
    <Router parser={routeParser}>
      <Switch>
        {ROUTE_NAMES.map((name) => {
          const row: { title?: string; page: { Page: ComponentType } } = ROUTE_TABLE[name];
          const { title } = row;
          const { Page } = row.page;
          return (
            <Route key={name} path={routePatterns[name]}>
              <DocumentTitle title={title} />
              <RouteBody name={name}>
                <Page />
              </RouteBody>
            </Route>
          );
        })}
        <Route>
          <DocumentTitle title={NOT_FOUND_TITLE} />
          <NotFoundPage />
        </Route>
      </Switch>
    </Router>
  );
}
