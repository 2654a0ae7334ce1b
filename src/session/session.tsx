import type { ReactNode } from 'react';

/**
 * The session layer features may import (issue 8 builds it around machines/session.machine.ts).
 * Until then: nobody is signed in and protected routes let everyone through.
 */
export type SessionUser = {
  /** The token's `username` claim, else `sub`. */
  username: string;
  /** The token's subject: the user's email. */
  email: string;
};

/** The signed-in shopper, or null for a guest. */
export function useSessionUser(): SessionUser | null {
  return null;
}

/** Wraps a protected page: redirects to /sign-in (and back afterwards) without a valid session. */
export function RequireSession({ children }: { children: ReactNode }) {
  return children;
}
