import {
  createContext,
  use,
  useCallback,
  useContext,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { SessionUser } from '../../machines/session.machine';
import { paths } from '../lib/paths';
import { Spinner } from '../ui/spinner';
import type { SessionActor } from './session-actor';
import type { SessionHandle, SessionHandleStatus } from './session-handle';

/**
 * The session layer features import. The session actor (session-actor.ts) is the only holder
 * of the token; it is reached through the session handle (session-handle.ts, booted in
 * main.tsx), which loads it only once a session exists or a page needs it. Views read it
 * through these hooks.
 */
export type { SessionUser };

const SessionHandleContext = createContext<SessionHandle | null>(null);

export function SessionProvider({
  handle,
  children,
}: {
  handle: SessionHandle;
  children: ReactNode;
}) {
  return <SessionHandleContext.Provider value={handle}>{children}</SessionHandleContext.Provider>;
}

const noSubscription = () => () => undefined;
const noActor = () => null;
const settled = (): SessionHandleStatus => 'settled';
/**
 * What the server renders, and so what the browser's first render (hydration) must show: no
 * session yet, and the account's place kept but unseen, as while a stored session is restored.
 * The session's own state follows at once after hydration, in a box of the same size.
 */
const restoringOnServer = (): SessionHandleStatus => 'restoring';

/** The running session actor, or null while none runs (and outside a SessionProvider). */
function useRunningActor(): SessionActor | null {
  const handle = useContext(SessionHandleContext);
  return useSyncExternalStore(
    handle?.subscribe ?? noSubscription,
    handle?.getActor ?? noActor,
    noActor,
  );
}

type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

/**
 * What @xstate/react's useSelector does, for the session actor only. This file is on every
 * page's first screen, and @xstate/react imports XState's runtime, which a guest's first visit
 * must not download (ADR-0014). `select` must answer the same value for the same
 * snapshot (a field or a boolean), as useSyncExternalStore requires.
 */
function useSessionSelector<T>(select: (snapshot: SessionSnapshot | undefined) => T): T {
  const actor = useRunningActor();
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => undefined;
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(
    subscribe,
    () => select(actor?.getSnapshot()),
    () => select(undefined),
  );
}

function useHandleStatus(): SessionHandleStatus {
  const handle = useContext(SessionHandleContext);
  return useSyncExternalStore(
    handle?.subscribe ?? noSubscription,
    handle?.getStatus ?? settled,
    handle ? restoringOnServer : settled,
  );
}

/**
 * The session actor, for pages that sign in or out. It suspends (the route's loading state)
 * while the actor loads, which happens at most once.
 */
export function useSessionActor(): SessionActor {
  const handle = useContext(SessionHandleContext);
  if (!handle) throw new Error('useSessionActor must be used inside <SessionProvider>');
  const actor = useRunningActor();
  // use() on every render, not only while no actor runs: React must see the call it suspended
  // on again when the load finishes (issue 16: the resilience harness caught "called use() to
  // suspend in a previous render but did not call use() when it finished" on /sign-in). The
  // handle marks its load fulfilled, so once loaded this never suspends.
  const loaded = use(handle.load());
  return actor ?? loaded;
}

/**
 * The signed-in shopper, or null for a guest. Outside a SessionProvider (a view test that does
 * not care about the session) everyone is a guest.
 */
export function useSessionUser(): SessionUser | null {
  return useSessionSelector(selectUser);
}

function selectUser(snapshot: SessionSnapshot | undefined) {
  return snapshot?.hasTag('signedIn') ? snapshot.context.user : null;
}

/**
 * True for a moment after start-up: while a stored token is being checked, or while a new tab
 * asks the open ones for their session.
 */
function useSessionChecking(): boolean {
  const status = useHandleStatus();
  const actorChecking = useSessionSelector((snapshot) => snapshot?.hasTag('checking') ?? false);
  return status !== 'settled' || actorChecking;
}

/**
 * True while a stored session is being restored: the header keeps its place instead of showing
 * "Sign In" to someone who is about to be greeted by name.
 */
export function useSessionRestoring(): boolean {
  return useHandleStatus() === 'restoring';
}

/** The address of the sign-in page that comes back to `returnTo` afterwards. */
function signInPathReturningTo(returnTo: string): string {
  return `${paths.signIn()}?${new URLSearchParams({ next: returnTo }).toString()}`;
}

/**
 * Wraps a protected page (spec §6): without a valid, unexpired session the shopper goes to
 * /sign-in?next=<this page>, and sign-in brings them back. It follows the session live, so a
 * session that expires or ends in another tab leaves the page too.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const user = useSessionUser();
  const checking = useSessionChecking();
  const [location] = useLocation();
  const search = useSearch();
  if (user) return children;
  if (checking) return <Spinner size="lg" label="Checking your session..." />;
  const here = search ? `${location}?${search}` : location;
  return <Redirect to={signInPathReturningTo(here)} replace />;
}
