import { css } from 'styled-system/css';
import { Button } from '../components/button';
import { LinkButton } from '../components/link-button';
import { paths } from '../components/paths';
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
 * Logout button (which signs out and goes to /sign-in, see the session machine).
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
      <span
        data-testid="greeting"
        title={username}
        className={css({
          fontWeight: 'semibold',
          color: 'text',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          maxW: inBar ? { sm: '8rem', xl: '12rem' } : 'none',
        })}
      >
        Hi, {username}
      </span>
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
