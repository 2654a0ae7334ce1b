import { useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { BRAND_NAME } from './brand';
import { PlaceholderPage } from './placeholder-page';

/**
 * Every route of spec §2. The screens other than Home are later issues; their placeholder keeps
 * navigation working meanwhile. (/account/* will need a valid session: the session issue adds the
 * guard.)
 */
export const PLACEHOLDER_ROUTES = [
  { path: '/menu', title: 'Menu' },
  { path: '/menu/detail/:productId', title: 'Product detail' },
  { path: '/news', title: 'News' },
  { path: '/news/:newId', title: 'News detail' },
  { path: '/community', title: 'Community' },
  { path: '/spaces', title: 'Spaces' },
  { path: '/cart', title: 'My Cart' },
  { path: '/completed-checkout/:orderId', title: 'Order confirmation' },
  { path: '/sign-in', title: 'Sign in' },
  { path: '/register', title: 'Create Your Account' },
  { path: '/account', title: 'My Account' },
  { path: '/account/address', title: 'Address List' },
  { path: '/account/setting', title: 'Change Account' },
  { path: '/auth/callback', title: 'Signing you in' },
] as const;

export const NOT_FOUND_TITLE = 'Page not found';

/** Sets the tab title: "<page> | Lumen Roastery", or the brand alone on the home page. */
function DocumentTitle({ title }: { title?: string }) {
  useEffect(() => {
    document.title = title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
  return null;
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <DocumentTitle />
        <HomePage />
      </Route>
      {PLACEHOLDER_ROUTES.map(({ path, title }) => (
        <Route key={path} path={path}>
          <DocumentTitle title={title} />
          <PlaceholderPage title={title} />
        </Route>
      ))}
      <Route>
        <DocumentTitle title={NOT_FOUND_TITLE} />
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
