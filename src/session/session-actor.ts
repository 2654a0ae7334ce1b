import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { navigate } from 'wouter/use-browser-location';
import {
  createActor,
  fromCallback,
  fromPromise,
  type Actor,
  type InspectionEvent,
  type Observer,
} from 'xstate';
import {
  sessionMachine,
  type SessionBroadcast,
  type SessionEvent,
  type SessionInput,
} from '../../machines/session.machine';
import { accountKeys } from '../api/account.queries';
import { cartKeys, cartMutations } from '../api/cart.queries';
import { orderKeys } from '../api/orders.queries';
import { paths } from '../components/paths';

/**
 * Where the token lives (spec §3, D3, D7): local storage when "Remember me" was ticked (it
 * survives closing the browser), session storage otherwise (it dies with the browser).
 */
export const TOKEN_STORAGE_KEY = 'token';
/** Tabs of one browser tell each other about sign-in and sign-out here. */
export const SESSION_CHANNEL = 'lumen-session';
/**
 * How long a tab opened without a token waits for an open tab to share its session (one that
 * does not survive the browser lives in each tab's own storage). Answers take a few ms.
 */
export const OTHER_TABS_WAIT_MS = 250;
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export type SessionActor = Actor<typeof sessionMachine>;

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    // Storage can be blocked (privacy settings): behave as if nothing was stored.
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null) {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Without storage the session still works in this page; it just does not survive a reload.
  }
}

/** The stored token and whether it was the remembered one (this tab's own wins). */
export function readStoredSession(win: Window = window): SessionInput {
  const tabToken = read(() => win.sessionStorage, TOKEN_STORAGE_KEY);
  if (tabToken !== null) return { storedToken: tabToken, remember: false };
  return { storedToken: read(() => win.localStorage, TOKEN_STORAGE_KEY), remember: true };
}

function isBroadcast(value: unknown): value is SessionBroadcast {
  if (typeof value !== 'object' || value === null || !('kind' in value)) return false;
  if (value.kind === 'signedOut' || value.kind === 'sessionWanted') return true;
  return (
    value.kind === 'signedIn' &&
    'token' in value &&
    typeof value.token === 'string' &&
    'remember' in value &&
    typeof value.remember === 'boolean'
  );
}

export type SessionEffectsOptions = {
  queryClient: QueryClient;
  win?: Window;
};

/**
 * The session machine with the browser's effects: storage, a BroadcastChannel to other tabs,
 * the query cache (nobody sees the previous shopper's cart, account or orders), the guest cart
 * merge (D2), toasts and navigation.
 */
export function createSessionLogic({ queryClient, win = window }: SessionEffectsOptions) {
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
  const post = (message: SessionBroadcast) => channel?.postMessage(message);
  const resetQueries = (queryKey: readonly unknown[]) =>
    void queryClient.resetQueries({ queryKey });

  return sessionMachine.provide({
    actions: {
      persistToken: ({ context }) => {
        if (context.token === null) return;
        const [keep, drop] = context.remember
          ? [() => win.localStorage, () => win.sessionStorage]
          : [() => win.sessionStorage, () => win.localStorage];
        write(keep, TOKEN_STORAGE_KEY, context.token);
        write(drop, TOKEN_STORAGE_KEY, null);
      },
      removeToken: () => {
        write(() => win.localStorage, TOKEN_STORAGE_KEY, null);
        write(() => win.sessionStorage, TOKEN_STORAGE_KEY, null);
      },
      broadcastSignedIn: ({ context }) => {
        if (context.token !== null) {
          post({ kind: 'signedIn', token: context.token, remember: context.remember });
        }
      },
      broadcastSignedOut: () => post({ kind: 'signedOut' }),
      askOtherTabs: () => post({ kind: 'sessionWanted' }),
      // Reset (not just invalidate): the old answers disappear at once and what is on screen
      // refetches for whoever is signed in now.
      forgetUserData: () => {
        resetQueries(cartKeys.all);
        resetQueries(accountKeys.all);
        resetQueries(orderKeys.all);
      },
      forgetAccountData: () => {
        resetQueries(accountKeys.all);
        resetQueries(orderKeys.all);
      },
      announceExpiry: () => {
        // Protected pages leave by themselves (RequireSession sends them to /sign-in).
        toast(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
      },
      goToSignIn: () => navigate(paths.signIn()),
    },
    actors: {
      watchOtherTabs: fromCallback<SessionEvent>(({ sendBack }) => {
        if (!channel) return undefined;
        const onMessage = (event: MessageEvent<unknown>) => {
          const message = event.data;
          if (!isBroadcast(message)) return;
          if (message.kind === 'signedOut') sendBack({ type: 'session.otherTabSignedOut' });
          else if (message.kind === 'sessionWanted') sendBack({ type: 'session.otherTabAsked' });
          else
            sendBack({
              type: 'session.otherTabSignedIn',
              token: message.token,
              remember: message.remember,
            });
        };
        channel.addEventListener('message', onMessage);
        return () => channel.removeEventListener('message', onMessage);
      }),
      mergeGuestCart: fromPromise<void>(async () => {
        // A cart request still running was asked for the previous shopper: drop its answer.
        await queryClient.cancelQueries({ queryKey: cartKeys.all });
        void queryClient.invalidateQueries({ queryKey: cartKeys.all, refetchType: 'none' });
        try {
          // The merge answers the user's cart, guest lines added (D2); the mutation writes it.
          await new MutationObserver(queryClient, cartMutations(queryClient).mergeGuest).mutate(
            undefined,
          );
        } catch {
          await queryClient.invalidateQueries({ queryKey: cartKeys.all });
        }
      }),
    },
  });
}

export type StartSessionOptions = SessionEffectsOptions & {
  inspect?: Observer<InspectionEvent> | undefined;
};

/**
 * Creates and starts the session actor from the stored token. Started before the first render,
 * so protected routes know at once whether the shopper is signed in.
 */
export function startSessionActor(options: StartSessionOptions): SessionActor {
  const win = options.win ?? window;
  const actor = createActor(createSessionLogic({ queryClient: options.queryClient, win }), {
    input: {
      ...readStoredSession(win),
      otherTabsWaitMs: typeof BroadcastChannel === 'function' ? OTHER_TABS_WAIT_MS : 0,
    },
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  actor.start();
  return actor;
}

/** The token for the API client's bearer header: the session actor is its only holder. */
export function sessionToken(actor: SessionActor): string | null {
  return actor.getSnapshot().context.token;
}
