import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { SessionUser } from '../../machines/session.machine';
import { paths } from '../components/paths';
import { Spinner } from '../components/spinner';
import type { SessionActor } from './session-actor';

/**
 * The session layer features import. The session actor (session-actor.ts, started in main.tsx)
 * is the only holder of the token; views read it through these hooks.
 */
export type { SessionUser };

const SessionActorContext = createContext<SessionActor | null>(null);

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionActorContext.Provider value={actor}>{children}</SessionActorContext.Provider>;
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionActorContext);
  if (!actor) throw new Error('useSessionActor must be used inside <SessionProvider>');
  return actor;
}

/**
 * The signed-in shopper, or null for a guest. Outside a SessionProvider (a view test that does
 * not care about the session) everyone is a guest.
 */
export function useSessionUser(): SessionUser | null {
  const actor = useContext(SessionActorContext) ?? undefined;
  return useSelector(actor, selectUser);
}

function selectUser(snapshot: ReturnType<SessionActor['getSnapshot']> | undefined) {
  return snapshot?.hasTag('signedIn') ? snapshot.context.user : null;
}

/** True for a moment after start-up while a new tab asks the open ones for their session. */
export function useSessionChecking(): boolean {
  const actor = useContext(SessionActorContext) ?? undefined;
  return useSelector(actor, (snapshot) => snapshot?.hasTag('checking') ?? false);
}

/** The address of the sign-in page that comes back to `returnTo` afterwards. */
export function signInPathReturningTo(returnTo: string): string {
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
