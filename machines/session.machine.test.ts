import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { sessionJwt, unsignedJwt } from '../tests/fixtures/jwt';
import {
  MAX_TIMER_MS,
  readSessionToken,
  sessionMachine,
  type SessionEvent,
  type SessionInput,
} from './session.machine';

const NOW = Date.UTC(2026, 10, 22, 20, 0, 0);
const HOUR = 3_600_000;

type Effects = {
  stored: { token: string; remember: boolean }[];
  removed: number;
  broadcasts: string[];
  expiryAnnouncements: number;
  signInNavigations: number;
  signOutAnnouncements: number;
  merges: number;
  claims: number;
  /** Sends an event as if another tab had posted it. */
  fromOtherTab: (event: SessionEvent) => void;
  /** Settles the pending guest-cart merge. */
  finishMerge: () => void;
  finishClaim: () => void;
};

function startSession(input: SessionInput) {
  const effects: Effects = {
    stored: [],
    removed: 0,
    broadcasts: [],
    expiryAnnouncements: 0,
    signInNavigations: 0,
    signOutAnnouncements: 0,
    merges: 0,
    claims: 0,
    fromOtherTab: () => {
      throw new Error('watchOtherTabs was never started');
    },
    finishMerge: () => {
      throw new Error('no merge is running');
    },
    finishClaim: () => {
      throw new Error('no claim is running');
    },
  };
  const logic = sessionMachine.provide({
    actions: {
      persistToken: ({ context }) => {
        if (context.token)
          effects.stored.push({ token: context.token, remember: context.remember });
      },
      removeToken: () => {
        effects.removed += 1;
      },
      broadcastSignedIn: () => {
        effects.broadcasts.push('signedIn');
      },
      broadcastSignedOut: () => {
        effects.broadcasts.push('signedOut');
      },
      askOtherTabs: () => {
        effects.broadcasts.push('sessionWanted');
      },
      announceExpiry: () => {
        effects.expiryAnnouncements += 1;
      },
      goToSignIn: () => {
        effects.signInNavigations += 1;
      },
      announceSignOut: () => {
        effects.signOutAnnouncements += 1;
      },
    },
    actors: {
      watchOtherTabs: fromCallback<SessionEvent>(({ sendBack }) => {
        effects.fromOtherTab = sendBack;
      }),
      mergeGuestCart: fromPromise<void>(
        () =>
          new Promise<void>((resolve) => {
            effects.merges += 1;
            effects.finishMerge = resolve;
          }),
      ),
      claimGuestOrders: fromPromise<void>(
        () =>
          new Promise<void>((resolve) => {
            effects.claims += 1;
            effects.finishClaim = resolve;
          }),
      ),
    },
  });
  // The machine reads the time it is given and waits on the actor's clock: one simulated clock
  // drives both, with no real or faked timers.
  const actor = createActor(logic, { input: { now: () => clock.now(), ...input }, clock });
  actor.start();
  return { actor, effects };
}

let clock: SimulatedClock;

beforeEach(() => {
  clock = new SimulatedClock();
  clock.set(NOW);
});

describe('readSessionToken', () => {
  it('reads the username claim, the subject as email and exp in seconds', () => {
    const token = sessionJwt({ email: 'ada@lumen.test', username: 'ada-roast', nowMs: NOW });

    expect(readSessionToken(token, NOW)).toEqual({
      token,
      user: { username: 'ada-roast', email: 'ada@lumen.test' },
      expiresAt: NOW + HOUR,
    });
  });

  it('falls back to the subject when the token has no username', () => {
    const token = sessionJwt({ email: 'ada@lumen.test', username: null, nowMs: NOW });

    expect(readSessionToken(token, NOW)?.user).toEqual({
      username: 'ada@lumen.test',
      email: 'ada@lumen.test',
    });
  });

  it.each([
    ['absent', null],
    ['not a JWT', 'not-a-token'],
    ['undecodable claims', 'aaa.bbb.ccc'],
    ['without a subject', unsignedJwt({ exp: NOW / 1000 + 60 })],
    ['without an expiry', unsignedJwt({ sub: 'ada@lumen.test' })],
    ['expired', sessionJwt({ nowMs: NOW, expiresInSeconds: -1 })],
    ['expiring this very second', sessionJwt({ nowMs: NOW, expiresInSeconds: 0 })],
  ])('refuses a token %s', (_, token) => {
    expect(readSessionToken(token, NOW)).toBeNull();
  });
});

describe('session machine: boot', () => {
  it('is signed in with a valid stored token and keeps it', () => {
    const token = sessionJwt({ nowMs: NOW });
    const { actor, effects } = startSession({ storedToken: token, remember: true });

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual({ signedIn: 'active' });
    expect(snapshot.hasTag('signedIn')).toBe(true);
    expect(snapshot.context).toEqual({
      token,
      user: { username: 'demo-shopper', email: 'demo@lumen.test' },
      expiresAt: NOW + HOUR,
      remember: true,
      otherTabsWaitMs: 0,
      now: expect.any(Function),
    });
    expect(effects.removed).toBe(0);
    expect(effects.merges).toBe(0);
  });

  it('is signed out with nothing stored', () => {
    const { actor } = startSession({ storedToken: null, remember: false });

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(false);
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it.each([
    ['a malformed token', 'garbage'],
    ['an expired token', sessionJwt({ nowMs: NOW, expiresInSeconds: -60 })],
  ])('is signed out with %s, and removes it', (_, storedToken) => {
    const { actor, effects } = startSession({ storedToken, remember: true });

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(effects.removed).toBe(1);
  });
});

describe('session machine: expiry', () => {
  it('signs out at exp, not a moment before, and says so', () => {
    const { actor, effects } = startSession({
      storedToken: sessionJwt({ nowMs: NOW, expiresInSeconds: 3600 }),
      remember: false,
    });

    clock.increment(HOUR - 1);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(effects.expiryAnnouncements).toBe(0);

    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(effects.expiryAnnouncements).toBe(1);
    expect(effects.removed).toBe(1);
    expect(effects.broadcasts).toEqual(['signedOut']);
  });

  it('waits out a thirty-day token beyond the longest browser timer', () => {
    const thirtyDays = 30 * 24 * HOUR;
    const { actor, effects } = startSession({
      storedToken: sessionJwt({ nowMs: NOW, expiresInSeconds: thirtyDays / 1000 }),
      remember: true,
    });

    clock.increment(MAX_TIMER_MS + 1);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);

    clock.increment(thirtyDays - MAX_TIMER_MS - 2);
    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);

    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.expiryAnnouncements).toBe(1);
  });

  it('follows the new token after a sign-in, not the old one', () => {
    const { actor, effects } = startSession({
      storedToken: sessionJwt({ nowMs: NOW, expiresInSeconds: 60 }),
      remember: false,
    });

    actor.send({
      type: 'session.signIn',
      token: sessionJwt({ nowMs: NOW, expiresInSeconds: 3600 }),
      remember: false,
    });
    clock.increment(60_000);

    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(effects.expiryAnnouncements).toBe(0);
  });
});

describe('session machine: sign-in and sign-out', () => {
  it('stores a signed-in token in the storage "Remember me" chose, then merges the guest cart', () => {
    const { actor, effects } = startSession({ storedToken: null, remember: false });
    const token = sessionJwt({ email: 'ada@lumen.test', username: 'ada-roast', nowMs: NOW });

    actor.send({ type: 'session.signIn', token, remember: true });

    expect(actor.getSnapshot().value).toEqual({ signedIn: 'mergingGuestCart' });
    expect(actor.getSnapshot().hasTag('mergingGuestCart')).toBe(true);
    expect(actor.getSnapshot().context.user).toEqual({
      username: 'ada-roast',
      email: 'ada@lumen.test',
    });
    expect(effects.stored).toEqual([{ token, remember: true }]);
    expect(effects.broadcasts).toEqual(['signedIn']);
    expect(effects.merges).toBe(1);
  });

  it('keeps a not-remembered session apart from a remembered one', () => {
    const { actor, effects } = startSession({ storedToken: null, remember: false });
    const token = sessionJwt({ nowMs: NOW });

    actor.send({ type: 'session.signIn', token, remember: false });

    expect(actor.getSnapshot().context.remember).toBe(false);
    expect(effects.stored).toEqual([{ token, remember: false }]);
  });

  it("claims this browser's guest orders once the merge is done, then is active", async () => {
    const { actor, effects } = startSession({ storedToken: null, remember: false });
    actor.send({ type: 'session.signIn', token: sessionJwt({ nowMs: NOW }), remember: false });
    expect(effects.claims).toBe(0);

    effects.finishMerge();
    await vi.waitFor(() =>
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'claimingGuestOrders' }),
    );
    expect(actor.getSnapshot().hasTag('claimingGuestOrders')).toBe(true);
    expect(effects.claims).toBe(1);

    effects.finishClaim();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' }));
  });

  it('a session shared by another tab claims nothing here (the tab that signed in does)', () => {
    const { actor, effects } = startSession({ storedToken: null, remember: false });
    effects.fromOtherTab({
      type: 'session.otherTabSignedIn',
      token: sessionJwt({ nowMs: NOW }),
      remember: true,
    });
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(effects.claims).toBe(0);
  });

  it('refuses a sign-in with a token it cannot use', () => {
    const { actor, effects } = startSession({ storedToken: null, remember: false });
    const expired = sessionJwt({ nowMs: NOW, expiresInSeconds: -1 });

    expect(
      actor.getSnapshot().can({ type: 'session.signIn', token: expired, remember: true }),
    ).toBe(false);
    actor.send({ type: 'session.signIn', token: expired, remember: true });

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.stored).toEqual([]);
  });

  it('Logout removes the token, forgets the data, tells other tabs and goes to sign-in', () => {
    const { actor, effects } = startSession({
      storedToken: sessionJwt({ nowMs: NOW }),
      remember: true,
    });

    actor.send({ type: 'session.signOut' });

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, user: null, expiresAt: null });
    expect(effects.removed).toBe(1);
    expect(effects.broadcasts).toEqual(['signedOut']);
    expect(effects.signInNavigations).toBe(1);
    expect(effects.signOutAnnouncements).toBe(1);
    expect(effects.expiryAnnouncements).toBe(0);
  });

  it('a 401 from the API signs out with the expiry message', () => {
    const { actor, effects } = startSession({
      storedToken: sessionJwt({ nowMs: NOW }),
      remember: true,
    });

    actor.send({ type: 'session.unauthorized' });

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.removed).toBe(1);
    expect(effects.expiryAnnouncements).toBe(1);
    expect(effects.signOutAnnouncements).toBe(0);
    expect(effects.broadcasts).toEqual(['signedOut']);
  });

  it('a 401 while signed out changes nothing', () => {
    const { actor, effects } = startSession({ storedToken: null, remember: false });

    actor.send({ type: 'session.unauthorized' });

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.expiryAnnouncements).toBe(0);
    expect(effects.broadcasts).toEqual([]);
  });

  it('a renewed token replaces the old one and moves the expiry', () => {
    const { actor, effects } = startSession({
      storedToken: sessionJwt({ nowMs: NOW, expiresInSeconds: 60 }),
      remember: true,
    });
    const renewed = sessionJwt({ email: 'new@lumen.test', nowMs: NOW, expiresInSeconds: 3600 });

    actor.send({ type: 'session.tokenRenewed', token: renewed });
    clock.increment(60_000);

    expect(actor.getSnapshot().hasTag('signedIn')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      token: renewed,
      remember: true,
      user: { email: 'new@lumen.test' },
    });
    expect(effects.stored).toEqual([{ token: renewed, remember: true }]);
    expect(effects.merges).toBe(0);
  });
});

describe('session machine: other tabs', () => {
  it('follows a sign-in in another tab without merging or echoing it', () => {
    const { actor, effects } = startSession({ storedToken: null, remember: false });
    const token = sessionJwt({ nowMs: NOW });

    effects.fromOtherTab({ type: 'session.otherTabSignedIn', token, remember: false });

    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(actor.getSnapshot().context.token).toBe(token);
    // A session that does not survive the browser lives in each tab's own storage.
    expect(effects.stored).toEqual([{ token, remember: false }]);
    expect(effects.broadcasts).toEqual([]);
    expect(effects.merges).toBe(0);
  });

  it('follows a sign-out in another tab without echoing it', () => {
    const { actor, effects } = startSession({
      storedToken: sessionJwt({ nowMs: NOW }),
      remember: true,
    });

    effects.fromOtherTab({ type: 'session.otherTabSignedOut' });

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.removed).toBe(1);
    expect(effects.broadcasts).toEqual([]);
    expect(effects.signInNavigations).toBe(0);
  });

  it('switches to the shopper another tab signed in, forgetting the previous data', () => {
    const { actor, effects } = startSession({
      storedToken: sessionJwt({ email: 'first@lumen.test', nowMs: NOW }),
      remember: true,
    });

    effects.fromOtherTab({
      type: 'session.otherTabSignedIn',
      token: sessionJwt({ email: 'second@lumen.test', nowMs: NOW }),
      remember: true,
    });

    expect(actor.getSnapshot().context.user?.email).toBe('second@lumen.test');
  });

  it('ignores an expired token from another tab', () => {
    const { actor, effects } = startSession({ storedToken: null, remember: false });

    effects.fromOtherTab({
      type: 'session.otherTabSignedIn',
      token: sessionJwt({ nowMs: NOW, expiresInSeconds: -5 }),
      remember: true,
    });

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.stored).toEqual([]);
  });
});

describe('session machine: a tab opened later', () => {
  it('asks the open tabs for their session and takes the answer', () => {
    const { actor, effects } = startSession({
      storedToken: null,
      remember: false,
      otherTabsWaitMs: 250,
    });
    expect(actor.getSnapshot().value).toBe('askingOtherTabs');
    expect(actor.getSnapshot().hasTag('checking')).toBe(true);
    expect(effects.broadcasts).toEqual(['sessionWanted']);
    const token = sessionJwt({ nowMs: NOW });

    clock.increment(20);
    effects.fromOtherTab({ type: 'session.otherTabSignedIn', token, remember: false });

    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(effects.stored).toEqual([{ token, remember: false }]);
  });

  it('signs in while still asking (the identity-provider callback does)', () => {
    const { actor, effects } = startSession({
      storedToken: null,
      remember: false,
      otherTabsWaitMs: 250,
    });

    actor.send({ type: 'session.signIn', token: sessionJwt({ nowMs: NOW }), remember: true });

    expect(actor.getSnapshot().value).toEqual({ signedIn: 'mergingGuestCart' });
    expect(effects.merges).toBe(1);
  });

  it('is a guest once nobody answered in time, not a moment before', () => {
    const { actor } = startSession({ storedToken: null, remember: false, otherTabsWaitMs: 250 });

    clock.increment(249);
    expect(actor.getSnapshot().value).toBe('askingOtherTabs');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().hasTag('checking')).toBe(false);
  });

  it('is a guest as soon as the question settles with nobody holding a session', () => {
    const { actor } = startSession({ storedToken: null, remember: false, otherTabsWaitMs: 10_000 });

    actor.send({ type: 'session.noOtherTabSession' });

    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().hasTag('checking')).toBe(false);
  });

  it('a signed-in tab answers the question with its session', () => {
    const { effects } = startSession({ storedToken: sessionJwt({ nowMs: NOW }), remember: false });

    effects.fromOtherTab({ type: 'session.otherTabAsked' });

    expect(effects.broadcasts).toEqual(['signedIn']);
  });

  it('a signed-out tab does not answer', () => {
    const { effects } = startSession({ storedToken: null, remember: false });

    effects.fromOtherTab({ type: 'session.otherTabAsked' });

    expect(effects.broadcasts).toEqual([]);
  });

  it('hearing its own token again from another tab changes nothing', () => {
    const token = sessionJwt({ nowMs: NOW });
    const { actor, effects } = startSession({ storedToken: token, remember: false });

    effects.fromOtherTab({ type: 'session.otherTabSignedIn', token, remember: false });

    expect(actor.getSnapshot().value).toEqual({ signedIn: 'active' });
    expect(effects.stored).toEqual([]);
  });
});
