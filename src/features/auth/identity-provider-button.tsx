import { css } from 'styled-system/css';
import { identityProviderUrl } from '../../api/auth';
import { buttonClassName } from '../../components/button';
import { paths } from '../../components/paths';

/**
 * The identity provider (spec §7): a full-page navigation to the API's authorize page, which
 * comes back to /auth/callback?token=…. A real link, because it leaves the app.
 */
export function IdentityProviderButton({ children }: { children: string }) {
  const returnTo = `${window.location.origin}${paths.authCallback()}`;
  return (
    <a
      href={identityProviderUrl(returnTo)}
      data-testid="identity-provider"
      className={buttonClassName({ visual: 'outline' }, css.raw({ w: 'full' }), undefined)}
    >
      <ProviderMark />
      {children}
    </a>
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
export function OrDivider({ children }: { children: string }) {
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
