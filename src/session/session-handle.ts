import type { QueryClient } from '@tanstack/react-query';
import type { InspectionEvent, Observer } from 'xstate';
import { scopeQueriesToIdentity } from '../api/identity.queries';
import type { SessionActor } from './session-actor';
import { sessionIdentity } from './session-identity';
import { readStoredSession } from './session-storage';
import { OTHER_TABS_WAIT_MS, openSessionLink, type SharedSession } from './session-protocol';

/**
 * Where the app gets the session from. The session machine (session-actor.ts) stays the only
 * holder of the token, but it and XState load only once a session exists or is about to: a
 * token is stored, another tab shares or starts one, or a page that signs in or out needs the
 * actor. A guest's first screen never downloads them (ADR-0014).
 */
export type SessionHandle = {
  /** The running session actor, or null while nobody has needed it. */
  getActor(): SessionActor | null;
  /**
   * - `restoring`: a token is stored and the actor is loading to check it;
   * - `asking`: nothing is stored, and open tabs are being asked for their session;
   * - `settled`: the actor runs, or this tab has no session.
   */
  getStatus(): SessionHandleStatus;
  subscribe(listener: () => void): () => void;
  /** Loads and starts the session actor, once; every call answers the same promise. */
  load(): Promise<SessionActor>;
  /** The bearer token for the API client (null for a guest). */
  token(): string | null;
  /** The API answered 401: the session (if any) ends. */
  unauthorized(): void;
  /** Stops listening and stops the actor (a page keeps its handle for its whole life). */
  stop(): void;
};

const noop = () => undefined;

export type SessionHandleStatus = 'restoring' | 'asking' | 'settled';

export type BootSessionOptions = {
  queryClient: QueryClient;
  inspect?: Observer<InspectionEvent> | undefined;
  win?: Window;
  /** The longest wait for an open tab listed as holding a session (session-protocol.ts). */
  otherTabsWaitMs?: number;
};

/**
 * Called once before the first render. With a stored token it starts loading the session actor
 * at once. Without one, when another tab is listed as holding a session, it asks the open tabs
 * for it (D7) through the session protocol and stays `asking` until that question settles, not
 * for a fixed window; with no such tab it is settled at once. It keeps listening: a tab that
 * answers, or signs in later, makes this tab load the actor and follow it.
 */
export function bootSession({
  queryClient,
  inspect,
  win = window,
  otherTabsWaitMs = OTHER_TABS_WAIT_MS,
}: BootSessionOptions) {
  let actor: SessionActor | null = null;
  let loading: Promise<SessionActor> | null = null;
  let status: SessionHandleStatus = 'settled';
  /** Another tab's session, heard before the actor ran; handed to it when it starts. */
  let heardSignIn: SharedSession | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const restoring = readStoredSession(win).storedToken !== null;
  // The one link to the other tabs (session-protocol.ts): this handle listens on it until the
  // actor runs, then the actor does, on the same link.
  const link = openSessionLink(win);
  let stopListening = () => undefined as void;

  function load(): Promise<SessionActor> {
    loading ??= import('./session-actor').then(
      ({ startSessionActor }) => {
        stopListening();
        actor = startSessionActor({
          queryClient,
          win,
          inspect,
          link,
          // Still asking (a page needed the actor first): the actor joins the same question.
          // A handle that did not ask (a token was stored) leaves it to the machine, which
          // asks if the token proves unusable.
          otherTabsWaitMs: status === 'asking' || restoring ? otherTabsWaitMs : 0,
        });
        if (heardSignIn) actor.send({ type: 'session.otherTabSignedIn', ...heardSignIn });
        status = 'settled';
        notify();
        return actor;
      },
      (error: unknown) => {
        // The chunk could not be fetched (offline, or a deploy replaced it): let a later
        // call try again, and let whoever waits (a route's error boundary) say so.
        loading = null;
        status = 'settled';
        notify();
        throw error;
      },
    );
    const settled = loading;
    // Marked as React marks what use() read, so a page that renders after the load (the
    // actor already runs) reads it at once instead of suspending for a tick.
    void settled.then((value) => Object.assign(settled, { status: 'fulfilled', value }), noop);
    return loading;
  }

  const follow = (shared: SharedSession) => {
    heardSignIn = shared;
    load().catch(() => undefined);
  };

  if (restoring) {
    status = 'restoring';
    // A failure is reported to the pages that need the actor; the header shows a guest.
    load().catch(() => undefined);
  } else {
    // A tab that signs in later, here or elsewhere, makes this one follow.
    stopListening = link.listen((message) => {
      if (message.kind === 'signedIn') follow(message);
    });
    if (link.othersHoldSession()) {
      status = 'asking';
      void link.ask(otherTabsWaitMs).then((shared) => {
        if (shared) follow(shared);
        else if (status === 'asking') {
          status = 'settled';
          notify();
        }
      });
    }
  }

  const handle: SessionHandle = {
    getActor: () => actor,
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    load,
    token: () => actor?.getSnapshot().context.token ?? null,
    unauthorized: () => actor?.send({ type: 'session.unauthorized' }),
    stop() {
      stopScope();
      stopListening();
      actor?.stop();
      link.close();
      listeners.clear();
    },
  };
  // The one rule for identity-dependent reads: they wait for the session to settle and are
  // reset whenever it settles on someone else (ADR-0026).
  const stopScope = scopeQueriesToIdentity(queryClient, sessionIdentity(handle));
  return handle;
}

/** A handle around an actor that already runs (view tests build their own session actor). */
export function runningSessionHandle(actor: SessionActor): SessionHandle {
  const loaded = Object.assign(Promise.resolve(actor), { status: 'fulfilled', value: actor });
  return {
    getActor: () => actor,
    getStatus: () => 'settled',
    subscribe: () => () => undefined,
    load: () => loaded,
    token: () => actor.getSnapshot().context.token,
    unauthorized: () => actor.send({ type: 'session.unauthorized' }),
    stop: () => actor.stop(),
  };
}

/**
 * The handle the server renders with (src/entry-server.tsx): nobody is signed in on the server,
 * and the account's place is kept, unseen, as while a stored session is restored. The browser's
 * own handle takes over after hydration.
 */
export function serverSessionHandle(): SessionHandle {
  const never = new Promise<SessionActor>(noop);
  return {
    getActor: () => null,
    getStatus: () => 'restoring',
    subscribe: () => noop,
    load: () => never,
    token: () => null,
    unauthorized: noop,
    stop: noop,
  };
}
