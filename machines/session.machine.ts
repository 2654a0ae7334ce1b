import { jwtDecode } from 'jwt-decode';
import { and, assign, fromCallback, fromPromise, setup } from 'xstate';

/** Who is signed in, as the token says (spec §3 "Session"). */
export type SessionUser = {
  /** The `username` claim, else `sub`. */
  username: string;
  /** The subject: the user's email. */
  email: string;
};

/** A token the session accepts: decodable, with a subject and an expiry still in the future. */
export type SessionToken = {
  token: string;
  user: SessionUser;
  /** Epoch milliseconds (the `exp` claim is in seconds). */
  expiresAt: number;
};

/**
 * Reads a token: null when it is absent, cannot be decoded, has no subject or no expiry, or has
 * expired at `nowMs`. Nothing here checks the signature: only the API can, and it answers 401.
 */
export function readSessionToken(token: unknown, nowMs: number): SessionToken | null {
  if (typeof token !== 'string' || token === '') return null;
  let claims: Record<string, unknown>;
  try {
    claims = jwtDecode<Record<string, unknown>>(token);
  } catch {
    return null;
  }
  const { sub, username, exp } = claims;
  if (typeof sub !== 'string' || sub === '') return null;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return null;
  const expiresAt = exp * 1000;
  if (expiresAt <= nowMs) return null;
  const name = typeof username === 'string' && username.trim() !== '' ? username : sub;
  return { token, user: { username: name, email: sub }, expiresAt };
}

/**
 * setTimeout holds at most 2^31-1 ms (about 24.8 days); a longer delay fires at once. A
 * remembered token lives thirty days, so the wait is cut into steps no longer than this.
 */
export const MAX_TIMER_MS = 2_147_483_647;

export type SessionContext = {
  token: string | null;
  user: SessionUser | null;
  expiresAt: number | null;
  /** "Remember me": the token survives closing the browser (D7). */
  remember: boolean;
  /** How long a tab with no token waits for another tab to share its session (0: it does not ask). */
  otherTabsWaitMs: number;
  /** The clock every expiry is read against (input `now`; `Date.now` by default). */
  now: () => number;
};

export type SessionInput = {
  /** Whatever storage held (unparsed), and which storage it came from. */
  storedToken: unknown;
  remember: boolean;
  /**
   * A session without "Remember me" lives in each tab's own storage, so a tab opened later has
   * none: it asks the open tabs for theirs and waits this long for an answer (default 0: no).
   */
  otherTabsWaitMs?: number;
  /**
   * The time, in epoch milliseconds (default `Date.now`). Tests give the `SimulatedClock`'s
   * `now` that also drives the actor's delays, so expiry runs without real or faked timers.
   */
  now?: () => number;
};

/** What one tab tells the others (see `watchOtherTabs`). */
export type SessionBroadcast =
  | { kind: 'signedIn'; token: string; remember: boolean }
  | { kind: 'signedOut' }
  /** A new tab without a token asks the open ones for their session. */
  | { kind: 'sessionWanted' };

export type SessionEvent =
  /** Sign-in, sign-up or the identity-provider callback answered a token. */
  | { type: 'session.signIn'; token: string; remember: boolean }
  /** The shopper pressed Logout. */
  | { type: 'session.signOut' }
  /** The API answered 401: the token is no longer accepted. */
  | { type: 'session.unauthorized' }
  /** The API answered a fresh token for the same session (profile or password change). */
  | { type: 'session.tokenRenewed'; token: string }
  /** Another tab signed in or out. */
  | { type: 'session.otherTabSignedIn'; token: string; remember: boolean }
  | { type: 'session.otherTabSignedOut' }
  /** A tab opened without a token asks for this tab's session. */
  | { type: 'session.otherTabAsked' }
  /** The question to the other tabs settled: no open tab holds a session. */
  | { type: 'session.noOtherTabSession' };

const signedOutContext = { token: null, user: null, expiresAt: null } as const;

/**
 * The session (spec §4 "Session", D3, D7): the only holder of the token.
 *
 * - `signedOut` / `signedIn` (tag `signedIn`); `signedIn.mergingGuestCart` while the guest cart
 *   joins the user's after this tab signed in (D2), `signedIn.claimingGuestOrders` while the
 *   orders this browser placed as a guest join the account (issue 30, ADR-0055), then
 *   `signedIn.active`.
 * - Expiry is a delay computed from the token's `exp` (context), so the sign-out happens at that
 *   moment, with `announceExpiry`. A 401 from the API does the same.
 *
 * Effects are named stubs supplied with `provide()`:
 * - `persistToken`, `removeToken` — storage (the token and "Remember me" are in context);
 * - `broadcastSignedIn`, `broadcastSignedOut`, `askOtherTabs` and the `watchOtherTabs` actor —
 *   other tabs (a tab opened without a token waits `otherTabsWaitMs` in `askingOtherTabs`, tag
 *   `checking`, for an open tab to share its session);
 * - cached answers that belong to a user are not the machine's business: the query layer resets
 *   them whenever the identity it reads from the session changes (src/api/identity.queries.ts);
 * - `announceExpiry()` — tells the shopper the session ended by itself;
 * - `goToSignIn()` and `announceSignOut()` — after Logout (it goes to sign-in and says so);
 * - `mergeGuestCart` — joins the guest cart to the user's;
 * - `claimGuestOrders` — joins this browser's guest orders to the account, by their tokens.
 */
/** Signing in, here or in another tab, from a state with no session (signed out, or still asking). */
const signInTransitions = {
  'session.signIn': {
    guard: 'eventTokenIsValid',
    target: 'signedIn.mergingGuestCart',
    actions: ['adoptEventToken', 'persistToken', 'broadcastSignedIn'],
  },
  'session.otherTabSignedIn': {
    guard: 'eventTokenIsValid',
    target: 'signedIn',
    actions: ['adoptEventToken', 'persistToken'],
  },
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'signedIn' | 'mergingGuestCart' | 'claimingGuestOrders' | 'checking',
  },
  actions: {
    /** Stores `context.token` where `context.remember` says (and clears the other storage). */
    persistToken: () => {},
    removeToken: () => {},
    /** Tells other tabs `context.token` and `context.remember`. */
    broadcastSignedIn: () => {},
    broadcastSignedOut: () => {},
    askOtherTabs: () => {},
    announceExpiry: () => {},
    goToSignIn: () => {},
    announceSignOut: () => {},
    /** Revokes `context.token` on the server (runs before the context forgets it). */
    revokeToken: () => {},
    adoptEventToken: assign(({ event, context }) => {
      const token = 'token' in event ? event.token : null;
      const remember = 'remember' in event ? event.remember : context.remember;
      const read = readSessionToken(token, context.now());
      if (!read) return { ...signedOutContext };
      return { token: read.token, user: read.user, expiresAt: read.expiresAt, remember };
    }),
    clearSession: assign(() => ({ ...signedOutContext })),
  },
  actors: {
    watchOtherTabs: fromCallback<SessionEvent>(() => undefined),
    mergeGuestCart: fromPromise<void>(async () => undefined),
    claimGuestOrders: fromPromise<void>(async () => undefined),
  },
  guards: {
    storedTokenIsValid: ({ context }) => context.token !== null,
    eventTokenIsValid: ({ context, event }) =>
      'token' in event && readSessionToken(event.token, context.now()) !== null,
    mayAskOtherTabs: ({ context }) => context.otherTabsWaitMs > 0,
    isAnotherToken: ({ context, event }) => 'token' in event && event.token !== context.token,
    hasExpired: ({ context }) => context.expiresAt === null || context.expiresAt <= context.now(),
  },
  delays: {
    // The wait until `exp`, capped (MAX_TIMER_MS); when a capped step ends early, `hasExpired`
    // is false and the state is re-entered to wait for the rest.
    otherTabsWait: ({ context }) => context.otherTabsWaitMs,
    untilExpiry: ({ context }) =>
      Math.min(Math.max(0, (context.expiresAt ?? 0) - context.now()), MAX_TIMER_MS),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    const now = input.now ?? Date.now;
    const read = readSessionToken(input.storedToken, now());
    const otherTabsWaitMs = input.otherTabsWaitMs ?? 0;
    return read
      ? {
          token: read.token,
          user: read.user,
          expiresAt: read.expiresAt,
          remember: input.remember,
          otherTabsWaitMs,
          now,
        }
      : { ...signedOutContext, remember: false, otherTabsWaitMs, now };
  },
  invoke: { src: 'watchOtherTabs' },
  initial: 'checkingStoredToken',
  states: {
    checkingStoredToken: {
      always: [
        { guard: 'storedTokenIsValid', target: 'signedIn' },
        // Absent, undecodable or expired: whatever was stored goes (spec §4).
        { guard: 'mayAskOtherTabs', target: 'askingOtherTabs', actions: 'removeToken' },
        { target: 'signedOut', actions: 'removeToken' },
      ],
    },
    // Briefly: an open tab may share a session that does not survive the browser (D7).
    askingOtherTabs: {
      tags: ['checking'],
      entry: 'askOtherTabs',
      // The question settles by itself (session-protocol.ts); the delay is only its ceiling.
      after: { otherTabsWait: { target: 'signedOut' } },
      on: {
        'session.noOtherTabSession': { target: 'signedOut' },
        // This tab signs in meanwhile (the identity provider's callback page does at once).
        ...signInTransitions,
      },
    },
    signedOut: {
      on: {
        ...signInTransitions,
      },
    },
    signedIn: {
      tags: ['signedIn'],
      initial: 'active',
      after: {
        untilExpiry: [
          {
            guard: 'hasExpired',
            target: 'signedOut',
            actions: ['clearSession', 'removeToken', 'broadcastSignedOut', 'announceExpiry'],
          },
          { target: 'signedIn', reenter: true },
        ],
      },
      on: {
        'session.signOut': {
          target: 'signedOut',
          actions: [
            'revokeToken',
            'clearSession',
            'removeToken',
            'broadcastSignedOut',
            'goToSignIn',
            'announceSignOut',
          ],
        },
        'session.unauthorized': {
          target: 'signedOut',
          actions: ['clearSession', 'removeToken', 'broadcastSignedOut', 'announceExpiry'],
        },
        'session.otherTabSignedOut': {
          target: 'signedOut',
          actions: ['clearSession', 'removeToken'],
        },
        // Someone else signed in elsewhere: this tab follows, and must not keep the old data.
        // The same token again (an answer to another tab's question) changes nothing.
        'session.otherTabSignedIn': {
          guard: and(['eventTokenIsValid', 'isAnotherToken']),
          target: 'signedIn',
          reenter: true,
          actions: ['adoptEventToken', 'persistToken'],
        },
        // Re-entered so the expiry timer follows the new token.
        'session.signIn': {
          guard: 'eventTokenIsValid',
          target: '.mergingGuestCart',
          reenter: true,
          actions: ['adoptEventToken', 'persistToken', 'broadcastSignedIn'],
        },
        'session.otherTabAsked': { actions: 'broadcastSignedIn' },
        // Same session, new token (its claims may follow a changed email or name).
        'session.tokenRenewed': {
          guard: 'eventTokenIsValid',
          target: 'signedIn',
          reenter: true,
          actions: ['adoptEventToken', 'persistToken', 'broadcastSignedIn'],
        },
      },
      states: {
        mergingGuestCart: {
          tags: ['mergingGuestCart'],
          invoke: {
            src: 'mergeGuestCart',
            onDone: { target: 'claimingGuestOrders' },
            // The cart view refetches on its own; a failed merge keeps the guest cart for later.
            onError: { target: 'claimingGuestOrders' },
          },
        },
        // Beside the cart merge, after it: only a sign-in in this tab claims, as only it merges.
        claimingGuestOrders: {
          tags: ['claimingGuestOrders'],
          invoke: {
            src: 'claimGuestOrders',
            onDone: { target: 'active' },
            // A failed claim keeps the tokens: the next sign-in offers them again.
            onError: { target: 'active' },
          },
        },
        active: {},
      },
    },
  },
});
