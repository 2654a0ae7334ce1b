import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { protectedRoutes, routePatterns, type RouteName } from '../lib/paths';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RequireSession } from '../session/session';
import { useDocumentTitle } from '../ui/use-document-title';
import { lazyPage, RouteErrorBoundary } from './route-error-boundary';
import { RouteFallback } from './route-fallback';

type RouteEntry = { title?: string; Page: ComponentType & { preload?: () => Promise<void> } };

/** Every route of spec §2, with its tab title and its page. Paths come from the route table. */
const ROUTES: Record<RouteName, RouteEntry> = {
  home: { Page: HomePage },
  menu: {
    title: 'Menu',
    Page: lazyPage(
      () => import('../features/menu/menu-page'),
      (m) => m.MenuPage,
    ),
  },
  productDetail: {
    title: 'Product detail',
    Page: lazyPage(
      () => import('../features/product/product-page'),
      (m) => m.ProductPage,
    ),
  },
  news: {
    title: 'News',
    Page: lazyPage(
      () => import('../features/news/news-page'),
      (m) => m.NewsPage,
    ),
  },
  newsDetail: {
    title: 'News',
    Page: lazyPage(
      () => import('../features/news/news-detail-page'),
      (m) => m.NewsDetailPage,
    ),
  },
  community: {
    title: 'Community',
    Page: lazyPage(
      () => import('../features/community/community-page'),
      (m) => m.CommunityPage,
    ),
  },
  spaces: {
    title: 'Spaces',
    Page: lazyPage(
      () => import('../features/spaces/spaces-page'),
      (m) => m.SpacesPage,
    ),
  },
  cart: {
    title: 'My Cart',
    Page: lazyPage(
      () => import('../features/cart/cart-page'),
      (m) => m.CartPage,
    ),
  },
  completedCheckout: {
    title: 'Order confirmation',
    Page: lazyPage(
      () => import('../features/order-confirmation/order-confirmation-page'),
      (m) => m.OrderConfirmationPage,
    ),
  },
  signIn: {
    title: 'Sign in',
    Page: lazyPage(
      () => import('../features/auth/sign-in-page'),
      (m) => m.SignInPage,
    ),
  },
  register: {
    title: 'Create Your Account',
    Page: lazyPage(
      () => import('../features/auth/register-page'),
      (m) => m.RegisterPage,
    ),
  },
  account: {
    title: 'My Account',
    Page: lazyPage(
      () => import('../features/account/account-page'),
      (m) => m.AccountPage,
    ),
  },
  accountAddress: {
    title: 'Address List',
    Page: lazyPage(
      () => import('../features/account/address-list-page'),
      (m) => m.AddressListPage,
    ),
  },
  accountSetting: {
    title: 'Change Account',
    Page: lazyPage(
      () => import('../features/account/account-setting-page'),
      (m) => m.AccountSettingPage,
    ),
  },
  authCallback: {
    title: 'Signing you in',
    Page: lazyPage(
      () => import('../features/auth/auth-callback-page'),
      (m) => m.AuthCallbackPage,
    ),
  },
};

const NOT_FOUND_TITLE = 'Page not found';

/** Sets the tab title: "<page> | Lumen Roastery", or the brand alone on the home page. */
function DocumentTitle({ title }: { title?: string | undefined }) {
  useDocumentTitle(title);
  return null;
}

/**
 * What every route renders around its page: the chunk's loading state, and an error boundary so
 * a failing screen (or a chunk that cannot be fetched) never blanks the whole shop.
 */
export function RouteBody({ name, children }: { name: RouteName; children: ReactNode }) {
  const [location] = useLocation();
  const content = (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<RouteFallback />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
  return protectedRoutes.has(name) ? <RequireSession>{content}</RequireSession> : content;
}

const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

function patternMatches(pattern: string, pathname: string): boolean {
  const source = pattern.replace(/:[^/]+/g, '[^/]+');
  return new RegExp(`^${source}/?$`).test(pathname);
}

/**
 * Loads the page shown at `pathname` ahead of the first render. The browser does this before it
 * hydrates a page the server rendered, so hydration runs in one pass instead of waiting on the
 * page's chunk half-way (the page's boot script asked for that chunk already, beside the entry:
 * a modulepreload).
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const name = ROUTE_NAMES.find((route) => patternMatches(routePatterns[route], pathname));
  await (name ? ROUTES[name].Page.preload?.() : undefined);
}

export function AppRoutes() {
  return (
    <Switch>
      {ROUTE_NAMES.map((name) => {
        const { title, Page } = ROUTES[name];
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
  );
}
