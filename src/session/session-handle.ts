import type { QueryClient } from '@tanstack/react-query';
import type { InspectionEvent, Observer } from 'xstate';
import { scopeQueriesToIdentity } from '../api/identity.queries';
import type { SessionActor } from './session-actor';
import { sessionIdentity } from './session-identity';
import {
  isBroadcast,
  OTHER_TABS_WAIT_MS,
  readStoredSession,
  SESSION_CHANNEL,
} from './session-storage';

/**
 * Where the app gets the session from. The session machine (session-actor.ts) stays the only
 * holder of the token, but it and XState load only once a session exists or is about to: a
 * token is stored, another tab shares or starts one, or a page that signs in or out needs the
 * actor. A guest's first screen never downloads them (README, decision 14).
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

export type SessionHandleStatus = 'restoring' | 'asking' | 'settled';

export type BootSessionOptions = {
  queryClient: QueryClient;
  inspect?: Observer<InspectionEvent> | undefined;
  win?: Window;
};

/**
 * Called once before the first render. With a stored token it starts loading the session actor
 * at once. Without one it asks the open tabs for a session that lives in their own storage
 * (D7), as the machine's `askingOtherTabs` would, and keeps listening: a tab that answers, or
 * signs in later, makes this tab load the actor and follow it (`session.otherTabSignedIn`).
 */
export function bootSession({ queryClient, inspect, win = window }: BootSessionOptions) {
  let actor: SessionActor | null = null;
  let loading: Promise<SessionActor> | null = null;
  let status: SessionHandleStatus = 'settled';
  /** Another tab's session, heard before the actor ran; handed to it when it starts. */
  let heardSignIn: { token: string; remember: boolean } | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };

  const restoring = readStoredSession(win).storedToken !== null;
  // Only a tab with nothing stored asks the others; with a token, the actor loads at once.
  const channel =
    !restoring && typeof BroadcastChannel === 'function'
      ? new BroadcastChannel(SESSION_CHANNEL)
      : null;
  /** When this handle's question to the other tabs times out (null: it did not ask). */
  let askedUntil: number | null = null;
  let askTimer: ReturnType<typeof setTimeout> | undefined;

  function load(): Promise<SessionActor> {
    loading ??= import('./session-actor').then(
      ({ startSessionActor }) => {
        // From here the actor listens to the other tabs itself.
        channel?.close();
        clearTimeout(askTimer);
        actor = startSessionActor({
          queryClient,
          win,
          inspect,
          // Whatever is left of this handle's wait. A handle that did not ask (a token was
          // stored) leaves the wait to the machine, which asks if the token proves unusable.
          ...(askedUntil === null ? {} : { otherTabsWaitMs: Math.max(0, askedUntil - Date.now()) }),
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
    return loading;
  }

  if (restoring) {
    status = 'restoring';
    // A failure is reported to the pages that need the actor; the header shows a guest.
    load().catch(() => undefined);
  } else if (channel) {
    status = 'asking';
    askedUntil = Date.now() + OTHER_TABS_WAIT_MS;
    channel.addEventListener('message', (event: MessageEvent<unknown>) => {
      const message = event.data;
      if (!isBroadcast(message) || message.kind === 'sessionWanted') return;
      heardSignIn =
        message.kind === 'signedIn' ? { token: message.token, remember: message.remember } : null;
      if (heardSignIn) load().catch(() => undefined);
    });
    channel.postMessage({ kind: 'sessionWanted' });
    askTimer = setTimeout(() => {
      if (status !== 'asking') return;
      status = 'settled';
      notify();
    }, OTHER_TABS_WAIT_MS);
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
      clearTimeout(askTimer);
      channel?.close();
      actor?.stop();
      listeners.clear();
    },
  };
  // The one rule for identity-dependent reads: they wait for the session to settle and are
  // reset whenever it settles on someone else (README, decision 26).
  const stopScope = scopeQueriesToIdentity(queryClient, sessionIdentity(handle));
  return handle;
}

/** A handle around an actor that already runs (view tests build their own session actor). */
export function runningSessionHandle(actor: SessionActor): SessionHandle {
  const loaded = Promise.resolve(actor);
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
