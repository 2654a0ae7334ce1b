import { MutationObserver, type QueryClient } from '@tanstack/react-query';
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
} from '../../machines/session.machine';
import { accountKeys } from '../api/account.queries';
import { cartKeys, cartMutations } from '../api/cart.queries';
import { orderKeys } from '../api/orders.queries';
import { paths } from '../components/paths';
import {
  isBroadcast,
  OTHER_TABS_WAIT_MS,
  readStoredSession,
  SESSION_CHANNEL,
  TOKEN_STORAGE_KEY,
  writeStorage as write,
} from './session-storage';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export type SessionActor = Actor<typeof sessionMachine>;

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
        // Loaded only now: a returning shopper's first screen raises no toast, and should not
        // download the toaster for one that may never come (README, decision 14).
        // Offline, the message cannot come; the Sign In link still says what happened.
        import('../components/toast')
          .then(({ toast }) => toast(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' }))
          .catch(() => undefined);
      },
      goToSignIn: () => navigate(paths.signIn()),
      // The server revokes the token too; signing out never waits for it or fails with it.
      // Loaded when needed, so the session chunk's imports (and the first visit) stay as they were.
      revokeToken: ({ context }) => {
        const { token } = context;
        if (token === null) return;
        import('../api/auth').then(({ logout }) => logout(token)).catch(() => undefined);
      },
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
        // It runs for the actor's whole life: once stopped, the actor posts nothing either.
        return () => {
          channel.removeEventListener('message', onMessage);
          channel.close();
        };
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
  /**
   * How long to wait for an open tab to share its session when nothing is stored. The session
   * handle (session-handle.ts) has usually asked already at start-up, and passes what is left.
   */
  otherTabsWaitMs?: number;
};

/**
 * Creates and starts the session actor from the stored token. The session handle starts it
 * when a session exists or is about to (session-handle.ts), so a guest's first screen never
 * loads it.
 */
export function startSessionActor(options: StartSessionOptions): SessionActor {
  const win = options.win ?? window;
  const canAsk = typeof BroadcastChannel === 'function';
  const actor = createActor(createSessionLogic({ queryClient: options.queryClient, win }), {
    input: {
      ...readStoredSession(win),
      otherTabsWaitMs: canAsk ? (options.otherTabsWaitMs ?? OTHER_TABS_WAIT_MS) : 0,
    },
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  actor.start();
  return actor;
}
