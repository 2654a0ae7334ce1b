import { useQuery, useQueryClient } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import { identityProviderUrl } from '../../api/auth';
import { authQueries } from '../../api/auth.queries';
import { apiOf } from '../../api/client';
import { buttonClassName } from '../../ui/button';
import { paths } from '../../lib/paths';
import { rememberProviderNext } from '../../session/next-path';

/**
 * The identity provider (spec §7): a full-page navigation to the API, which runs the OpenID
 * Connect flow and comes back to /auth/callback?token=…. A real link, because it leaves the app.
 * Shown, with the divider below it, only when the server has a provider configured
 * (`GET /auth/providers`); while that is unknown or failed, the page offers the form alone.
 */
export function IdentityProviderChoice({
  label,
  divider,
  next = null,
}: {
  /** The button's text for the provider's display name, e.g. "Sign in with Lumen ID". */
  label: (providerName: string) => string;
  divider: string;
  /** Where to come back to after the provider's sign-in (checkout's "Log in"); else home. */
  next?: string | null;
}) {
  const queryClient = useQueryClient();
  const providers = useQuery(authQueries.providers());
  const provider = providers.data?.providers[0];
  if (!provider) return null;
  const returnTo = `${window.location.origin}${paths.authCallback()}`;
  return (
    <>
      <a
        href={identityProviderUrl(apiOf(queryClient), returnTo)}
        data-testid="identity-provider"
        onClick={() => rememberProviderNext(next)}
        className={buttonClassName({ visual: 'outline' }, css.raw({ w: 'full' }), undefined)}
      >
        <ProviderMark />
        {label(provider.name)}
      </a>
      <OrDivider>{divider}</OrDivider>
    </>
  );
}

function ProviderMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={css({ w: '5', h: '5' })}
    >
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 12.5l2.5 2.5L16 9.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/** The "Or used email" divider between the provider and the form (spec §2, text as written). */
function OrDivider({ children }: { children: string }) {
  return (
    <div
      className={css({
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        my: '5',
        color: 'textMuted',
        fontSize: 'sm',
        _before: { content: '""', flex: '1', h: '1px', bg: 'border' },
        _after: { content: '""', flex: '1', h: '1px', bg: 'border' },
      })}
    >
      <span>{children}</span>
    </div>
  );
}
