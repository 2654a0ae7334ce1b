import { Component, lazy, type ComponentType, type ReactNode } from 'react';

/**
 * A part of the shop (a page's or an overlay's chunk) could not be fetched, even after one
 * retry: the connection dropped, or a deploy replaced the hashed files this tab points at.
 * `loadAgain` makes the next render of that part fetch it again (a failure boundary's Retry).
 */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly loadAgain: () => void;
  constructor(cause: unknown, loadAgain: () => void = () => undefined) {
    super('A part of the shop could not be loaded.', { cause });
    this.loadAgain = loadAgain;
  }
}

/**
 * A component loaded on demand, like React.lazy, with two differences (issue 16): a failed load
 * is retried once at once (a dropped packet, a connection coming back), and a load that still
 * fails can be asked for again: React.lazy keeps a rejected load forever, so a Retry button
 * would fail without asking the network. The failure boundary calls the error's `loadAgain`.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const make = () =>
    lazy(async () => {
      try {
        return { default: await load().catch(() => load()) };
      } catch (error) {
        throw new ChunkLoadError(error, () => {
          Current = make();
        });
      }
    });
  let Current = make();
  function LazyPart(props: P) {
    return <Current {...props} />;
  }
  return LazyPart;
}

export type PartErrorBoundaryProps = {
  /** What stands in the part's place after a failure; `retry` renders the part again. */
  fallback: (failure: { error: unknown; retry: () => void }) => ReactNode;
  children: ReactNode;
};

/**
 * Catches what a part loaded on demand throws (its chunk, or its own rendering), so only that
 * part is replaced by a message with Retry: the header and the rest of the shop keep working.
 * React reports the caught error on the console itself.
 */
export class PartErrorBoundary extends Component<PartErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  private readonly retry = () => {
    if (this.state.error instanceof ChunkLoadError) this.state.error.loadAgain();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    return this.props.fallback({ error: this.state.error, retry: this.retry });
  }
}
