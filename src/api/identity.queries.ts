import type { QueryClient } from '@tanstack/react-query';

/**
 * Who the API sees behind a request, as far as cached answers care:
 * - `pending`: not known yet (a stored session is being restored, a new tab asks the open ones,
 *   a guest cart is being merged into the user's);
 * - `guest`;
 * - `user:<email>`: a signed-in shopper.
 */
export type QueryIdentity = 'pending' | 'guest' | `user:${string}`;

/**
 * Every query whose answer depends on who the shopper is lives under one of these roots: the
 * cart and its promos, the account (user, addresses, order history) and orders. A new query of
 * that kind goes under one of them; nothing else is needed (ADR-0026).
 */
// Written out rather than imported from the account and orders factories: this module is on every
// first visit (the session handle runs it), those modules and their request functions are not.
// identity.queries.test.ts checks they are the factories' roots.
export const identityScopedRoots = [['cart'], ['account'], ['orders']] as const;

export type IdentitySource = {
  get(): QueryIdentity;
  subscribe(onChange: () => void): () => void;
};

/**
 * The one rule for identity-dependent reads (issue 16): while the identity is `pending` those
 * queries do not run (a request without the restored token would answer a guest's cart); once
 * it settles on someone other than the last settled identity, their cached answers are reset,
 * which drops the previous shopper's data at once and refetches what is on screen as the new
 * one. So restore, sign-in, sign-up (after the merge), the identity provider's callback,
 * sign-out, expiry and another tab's change all refetch, with no code per screen.
 *
 * Returns a function that stops following the identity.
 */
export function scopeQueriesToIdentity(queryClient: QueryClient, identity: IdentitySource) {
  const settled = () => identity.get() !== 'pending';
  for (const root of identityScopedRoots) {
    queryClient.setQueryDefaults(root, { enabled: settled });
  }
  let lastSettled: QueryIdentity | null = null;
  const follow = () => {
    const now = identity.get();
    if (now === 'pending') {
      // Answers still on their way were asked as someone else: drop them.
      for (const queryKey of identityScopedRoots) void queryClient.cancelQueries({ queryKey });
      return;
    }
    if (now === lastSettled) return;
    lastSettled = now;
    for (const queryKey of identityScopedRoots) void queryClient.resetQueries({ queryKey });
  };
  const unsubscribe = identity.subscribe(follow);
  follow();
  return unsubscribe;
}
