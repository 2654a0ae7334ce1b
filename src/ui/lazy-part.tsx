import { Component, lazy, useState, type ComponentType, type ReactNode } from 'react';

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

/** A part loaded on demand, which can also be loaded ahead of its first render. */
export type LazyPartComponent<P extends object> = ComponentType<P> & {
  /** Loads the part now; once loaded it renders at once, without suspending. */
  preload(): Promise<void>;
};

/** Every part's preload, for the server, which renders each page whole (src/entry-server.tsx). */
const everyPart = new Set<() => Promise<void>>();

/** Loads every part: a server render then never suspends on one. */
export async function preloadEveryPart(): Promise<void> {
  await Promise.all([...everyPart].map((preload) => preload()));
}

/**
 * A component loaded on demand, like React.lazy, with three differences. A failed load is retried
 * once at once (a dropped packet, a connection coming back), and a load that still fails can be
 * asked for again (issue 16): React.lazy keeps a rejected load forever, so a Retry button would
 * fail without asking the network; the failure boundary calls the error's `loadAgain`. And a part
 * loaded ahead (`preload`) renders without suspending: a server render is then complete, and
 * the browser hydrates a rendered page in one pass (issue 19).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyPartComponent<P> {
  let Loaded: ComponentType<P> | null = null;
  const loadOnce = () =>
    load()
      .catch(() => load())
      .then((component) => {
        Loaded = component;
        return component;
      });
  const make = () =>
    lazy(async () => {
      try {
        return { default: Loaded ?? (await loadOnce()) };
      } catch (error) {
        throw new ChunkLoadError(error, () => {
          Current = make();
        });
      }
    });
  let Current = make();
  function LazyPart(props: P) {
    // Chosen once per mounted part: switching from the lazy element to the loaded component
    // later would be a different element type, and React would remount the part (its state lost).
    const [Shown] = useState<ComponentType<P>>(() => Loaded ?? Current);
    return <Shown {...props} />;
  }
  const preload = async () => {
    if (!Loaded) await loadOnce();
  };
  everyPart.add(preload);
  return Object.assign(LazyPart, { preload });
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
