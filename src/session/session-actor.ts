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
import { apiOf } from '../api/client';
import { cartMutations } from '../api/cart.mutations';
import { cartKeys } from '../api/cart.queries';
import { forgetOrderTokens, guestOrderTokens } from '../payment/order-tokens';
import { paths } from '../lib/paths';
import { OTHER_TABS_WAIT_MS, openSessionLink, type SessionLink } from './session-protocol';
import { readStoredSession, TOKEN_STORAGE_KEY, writeStorage as write } from './session-storage';

const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
/** After Logout (issue 18: sign-out says it happened; the spec has no text for it). */
const SIGNED_OUT_MESSAGE = 'You are logged out.';

export type SessionActor = Actor<typeof sessionMachine>;

type SessionEffectsOptions = {
  queryClient: QueryClient;
  win?: Window;
  /** The tab's link to the other tabs (the session handle's); one of its own when absent. */
  link?: SessionLink;
};

/**
 * The session machine with the browser's effects: storage, a BroadcastChannel to other tabs,
 * the guest cart merge (D2), the guest orders' claim (issue 30), toasts and navigation.
 */
function createSessionLogic({
  queryClient,
  win = window,
  link = openSessionLink(win),
}: SessionEffectsOptions) {
  const post = (message: SessionBroadcast) => link.post(message);

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
      // The protocol decides when the question is over (session-protocol.ts), not a timer.
      askOtherTabs: ({ context, self }) => {
        void link
          .ask(context.otherTabsWaitMs)
          .then((shared) =>
            self.send(
              shared
                ? { type: 'session.otherTabSignedIn', ...shared }
                : { type: 'session.noOtherTabSession' },
            ),
          );
      },
      announceExpiry: () => {
        // Protected pages leave by themselves (RequireSession sends them to /sign-in).
        // Loaded only now: a returning shopper's first screen raises no toast, and should not
        // download the toaster for one that may never come (ADR-0014).
        // Offline, the message cannot come; the Sign In link still says what happened.
        import('../ui/toast')
          .then(({ toast }) => toast(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' }))
          .catch(() => undefined);
      },
      goToSignIn: () => navigate(paths.signIn()),
      // Topic "session": it answers no error (toast.ts), so it takes none away.
      announceSignOut: () => {
        import('../ui/toast')
          .then(({ toast }) =>
            toast.success(SIGNED_OUT_MESSAGE, { id: 'signed-out', topic: 'session' }),
          )
          .catch(() => undefined);
      },
      // The server revokes the token too; signing out never waits for it or fails with it.
      // Loaded when needed, so the session chunk's imports (and the first visit) stay as they were.
      revokeToken: ({ context }) => {
        const { token } = context;
        if (token === null) return;
        import('../api/auth')
          .then(({ logout }) => logout(apiOf(queryClient), token))
          .catch(() => undefined);
      },
    },
    actors: {
      watchOtherTabs: fromCallback<SessionEvent>(({ sendBack }) =>
        // It runs for the actor's whole life.
        link.listen((message) => {
          if (message.kind === 'signedOut') sendBack({ type: 'session.otherTabSignedOut' });
          else if (message.kind === 'sessionWanted') sendBack({ type: 'session.otherTabAsked' });
          else
            sendBack({
              type: 'session.otherTabSignedIn',
              token: message.token,
              remember: message.remember,
            });
        }),
      ),
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
      // Beside the merge: the orders this browser placed as a guest join the account, proven by
      // their tokens (ADR-0055). Tokens whose orders joined are forgotten (the bearer reads
      // them now); the rest stay for a later sign-in. A failure changes nothing.
      claimGuestOrders: fromPromise<void>(async () => {
        const held = guestOrderTokens(() => win.localStorage);
        if (held.length === 0) return;
        // Loaded when a guest order waits, like revokeToken's: the session chunk stays as it was.
        const [{ claimGuestOrders }, { accountKeys }] = await Promise.all([
          import('../api/orders'),
          import('../api/account.queries'),
        ]);
        const { orderIds } = await claimGuestOrders(
          apiOf(queryClient),
          held.map(({ orderToken }) => orderToken),
        );
        forgetOrderTokens(orderIds, () => win.localStorage);
        if (orderIds.length > 0) {
          await queryClient.invalidateQueries({ queryKey: accountKeys.orderLists() });
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
  const link = options.link ?? openSessionLink(win);
  const actor = createActor(createSessionLogic({ queryClient: options.queryClient, win, link }), {
    input: {
      ...readStoredSession(win),
      otherTabsWaitMs: canAsk ? (options.otherTabsWaitMs ?? OTHER_TABS_WAIT_MS) : 0,
    },
    ...(options.inspect ? { inspect: options.inspect } : {}),
  });
  // Listed while signed in, so a tab opened later knows someone can answer its question.
  actor.subscribe((snapshot) => link.holdSession(snapshot.hasTag('signedIn')));
  actor.start();
  link.holdSession(actor.getSnapshot().hasTag('signedIn'));
  // A link of its own goes with the actor.
  if (!options.link) actor.subscribe({ complete: () => link.close() });
  return actor;
}
