import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { Button } from '../ui/button';
import { LinkButton } from '../ui/link-button';
import { paths } from '../lib/paths';
import { useSessionActor, useSessionRestoring, useSessionUser } from '../session/session';

export type HeaderAccountProps = {
  /** `bar`: the header's right side (from sm up); `menu`: the folded mobile menu, full width. */
  placement: 'bar' | 'menu';
  /** Called when a choice leaves the page (closes the mobile menu). */
  onNavigate?: () => void;
};

const barOnly = css.raw({ display: { base: 'none', sm: 'inline-flex' } });

/**
 * Spec §1: a guest sees "Sign In"; a signed-in shopper a greeting with the username and a
 * Logout button (which signs out, goes to /sign-in and says so, see the session machine). The
 * greeting links to My Account (issue 18).
 */
export function HeaderAccount({ placement, onNavigate }: HeaderAccountProps) {
  const user = useSessionUser();
  const restoring = useSessionRestoring();
  const inBar = placement === 'bar';

  if (!user) {
    return (
      <LinkButton
        href={paths.signIn()}
        size={inBar ? 'sm' : 'md'}
        // A stored session is being restored: keep the place, unseen (and so out of the tab
        // order), rather than flash "Sign In" at someone about to be greeted by name.
        css={css.raw(inBar ? barOnly : { w: 'full' }, restoring ? { visibility: 'hidden' } : {})}
        onClick={onNavigate}
      >
        Sign In
      </LinkButton>
    );
  }

  return <SignedInAccount username={user.username} inBar={inBar} onNavigate={onNavigate} />;
}

function SignedInAccount({
  username,
  inBar,
  onNavigate,
}: {
  username: string;
  inBar: boolean;
  onNavigate: (() => void) | undefined;
}) {
  const session = useSessionActor();
  const placement = inBar ? 'bar' : 'menu';
  return (
    <div
      data-testid={`header-account-${placement}`}
      className={css(
        { alignItems: 'center', gap: '2', minW: '0' },
        inBar
          ? { display: { base: 'none', sm: 'flex' } }
          : { display: 'flex', justifyContent: 'space-between' },
      )}
    >
      {/* Issue 18: the account is one click away; the greeting is the way there. */}
      <Link
        href={paths.account()}
        // The visible greeting starts the name (WCAG 2.5.3); where it leads ends it.
        aria-label={`Hi, ${username}, My Account`}
        onClick={onNavigate}
        className={css({
          display: 'inline-flex',
          minW: '0',
          borderRadius: 'md',
          color: 'text',
          textDecoration: 'none',
          _hover: { textDecoration: 'underline', textUnderlineOffset: '3px' },
          _focusVisible: { focusOutline: 'outside' },
        })}
      >
        <span
          data-testid="greeting"
          title={username}
          className={css({
            fontWeight: 'semibold',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            maxW: inBar ? { sm: '8rem', xl: '12rem' } : 'none',
          })}
        >
          Hi, {username}
        </span>
      </Link>
      <Button
        visual="outline"
        size="sm"
        onClick={() => {
          onNavigate?.();
          session.send({ type: 'session.signOut' });
        }}
      >
        Logout
      </Button>
    </div>
  );
}

/**
 * On phones, where the greeting and Sign In are folded into the menu, a person icon in the
 * header keeps the account one tap away (issue 18, Dawn's way): My Account when signed in,
 * the sign-in page when not.
 */
export function HeaderAccountIcon() {
  const user = useSessionUser();
  const restoring = useSessionRestoring();
  return (
    <Link
      href={user ? paths.account() : paths.signIn()}
      aria-label={user ? 'My Account' : 'Your account'}
      data-testid="header-account-icon"
      className={css({
        display: { base: 'inline-flex', sm: 'none' },
        alignItems: 'center',
        justifyContent: 'center',
        w: '10',
        h: '10',
        borderRadius: 'full',
        color: 'text',
        visibility: restoring ? 'hidden' : 'visible',
        _hover: { bg: 'surfaceMuted' },
        _focusVisible: { focusOutline: 'outside' },
      })}
    >
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
      </svg>
    </Link>
  );
}
