import { Component, type ComponentType, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../ui/button';
import { LinkButton } from '../ui/link-button';
import { PageContainer } from '../ui/page-container';
import { PageTitle } from '../ui/page-title';
import { PageHydrated } from './page-hydrated';
import { paths } from '../lib/paths';
import { ChunkLoadError, lazyPart, type LazyPartComponent } from '../ui/lazy-part';

export { ChunkLoadError };

/**
 * A route's page as its own chunk, loaded the first time the route is visited; a failed fetch
 * is retried once, then the route's boundary offers Retry (lazy-part.tsx).
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): LazyPartComponent<object> {
  return lazyPart(async () => pick(await load()));
}

export type RouteErrorBoundaryProps = {
  /** The address shown; a new one clears the error (the shopper navigated away). */
  location: string;
  /** How "Reload page" reloads; a seam for tests. */
  reload?: () => void;
  children: ReactNode;
};

type State = { error: unknown; location: string };

/**
 * One per route (routes.tsx): a screen that throws while rendering shows this message in the
 * page's place, while the header, the cart and the footer keep working. React itself reports
 * the caught error on the console (createRoot's onCaughtError), so nothing is logged here.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, State> {
  override state: State = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: RouteErrorBoundaryProps, state: State): Partial<State> {
    // Leaving the broken address gives the next page a fresh start.
    if (props.location !== state.location) return { error: null, location: props.location };
    return {};
  }

  private readonly retry = () => {
    if (this.state.error instanceof ChunkLoadError) this.state.error.loadAgain();
    this.setState({ error: null });
  };

  private readonly reload = () => (this.props.reload ?? (() => window.location.reload()))();

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    return error instanceof ChunkLoadError ? (
      <RouteErrorMessage
        title="This page could not be loaded"
        text="The connection may have dropped, or the shop was just updated. Retry to load it again; if that fails, reloading the page fetches the latest version."
        action={
          <>
            <Button onClick={this.retry}>Retry</Button>
            <Button visual="outline" onClick={this.reload}>
              Reload page
            </Button>
          </>
        }
      />
    ) : (
      <RouteErrorMessage
        title="Something went wrong"
        text="This page ran into a problem and could not be shown. Your cart is safe. Try again, or head back to the home page."
        action={<Button onClick={this.retry}>Try again</Button>}
      />
    );
  }
}

function RouteErrorMessage({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <PageContainer css={css.raw({ maxW: '2xl', py: { base: '16', md: '24' } })}>
      <div role="alert" data-testid="route-error">
        <PageTitle subtitle={text}>{title}</PageTitle>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
          {action}
          <LinkButton href={paths.home()} visual="outline">
            Go back home
          </LinkButton>
        </div>
        <PageHydrated />
      </div>
    </PageContainer>
  );
}
