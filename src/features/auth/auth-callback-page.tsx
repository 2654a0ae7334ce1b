import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { css } from 'styled-system/css';
import { LinkButton } from '../../ui/link-button';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../../lib/paths';
import { Spinner } from '../../ui/spinner';
import { callbackToken } from '../../session/callback-token';
import { takeProviderNext } from '../../session/next-path';
import { useSessionActor } from '../../session/session';

// The provider has no "Remember me": its session keeps the spec's local storage.
const signInEvent = (token: string) => ({ type: 'session.signIn', token, remember: true }) as const;

/**
 * /auth/callback (spec §2, D3): the identity provider's token (already out of the address bar and
 * the history, see callback-token.ts) becomes the session, the guest cart joins the user's (D2),
 * then home, or back where the sign-in was asked from (checkout's "Log in", ADR-0057).
 */
export function AuthCallbackPage() {
  const session = useSessionActor();
  const [, navigate] = useLocation();
  const [token] = useState(callbackToken);
  // Decided once: a token the session cannot use (malformed, expired) is refused up front.
  const [refused] = useState(
    () =>
      token !== null &&
      session.getSnapshot().context.token !== token &&
      !session.getSnapshot().can(signInEvent(token)),
  );
  const ready = useSelector(
    session,
    (snapshot) =>
      snapshot.hasTag('signedIn') &&
      !snapshot.hasTag('mergingGuestCart') &&
      snapshot.context.token === token,
  );

  useEffect(() => {
    // effect-send: not a mirror of outside state; arriving on this page with a token in its
    // URL is the shopper's intent to sign in with it, sent once on arrival.
    if (token === null || refused) return;
    // Already this session (StrictMode runs effects twice in development).
    if (session.getSnapshot().context.token === token) return;
    session.send(signInEvent(token));
  }, [session, token, refused]);

  useEffect(() => {
    // Back where the shopper left for the provider (checkout's "Log in"), else home.
    if (ready) navigate(takeProviderNext() ?? paths.home(), { replace: true });
  }, [ready, navigate]);

  if (token === null || refused) {
    return (
      <PageContainer>
        <PageTitle>Sign-in did not complete</PageTitle>
        <p role="alert" className={css({ color: 'textMuted', mb: '6' })}>
          The identity provider did not send a usable sign-in. Please try again.
        </p>
        <LinkButton href={paths.signIn()}>Back to sign in</LinkButton>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <PageTitle>Signing you in</PageTitle>
      <Spinner size="lg" label="Signing you in..." showLabel />
    </PageContainer>
  );
}
