import type { IdentitySource, QueryIdentity } from '../api/identity.queries';
import type { SessionActor } from './session-actor';

/**
 * What the identity reads of the session handle (session-handle.ts's SessionHandle has it).
 * Declared here rather than imported, so the handle, which scopes the queries with this module,
 * and this module do not import each other.
 */
type WatchedSession = {
  /** `settled` once the actor runs or the tab has no session. */
  getStatus(): string;
  getActor(): SessionActor | null;
  subscribe(listener: () => void): () => void;
};

/**
 * The session as the query layer sees it (src/api/identity.queries.ts): `pending` while the
 * handle restores or asks the open tabs, while the machine checks, while a guest cart is
 * merged into the user's and while the guest's orders join the account (issue 30: so order
 * history is read once, with them); then `guest` or `user:<email>`.
 */
export function sessionIdentity(handle: WatchedSession): IdentitySource {
  return {
    get(): QueryIdentity {
      if (handle.getStatus() !== 'settled') return 'pending';
      const snapshot = handle.getActor()?.getSnapshot();
      if (!snapshot) return 'guest';
      if (
        snapshot.hasTag('checking') ||
        snapshot.hasTag('mergingGuestCart') ||
        snapshot.hasTag('claimingGuestOrders')
      )
        return 'pending';
      const user = snapshot.hasTag('signedIn') ? snapshot.context.user : null;
      return user ? `user:${user.email}` : 'guest';
    },
    subscribe(onChange) {
      let watched: SessionActor | null = null;
      let subscription: { unsubscribe(): void } | null = null;
      const watchActor = () => {
        const actor = handle.getActor();
        if (actor === watched) return;
        subscription?.unsubscribe();
        watched = actor;
        subscription = actor ? actor.subscribe(() => onChange()) : null;
      };
      watchActor();
      const stopHandle = handle.subscribe(() => {
        watchActor();
        onChange();
      });
      return () => {
        stopHandle();
        subscription?.unsubscribe();
      };
    },
  };
}
