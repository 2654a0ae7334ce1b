import { css } from 'styled-system/css';
import { LinkButton } from '../components/link-button';
import { paths } from '../components/paths';
import { useSessionUser } from '../session/session';

export type HeaderAccountProps = {
  /** `bar`: the header's right-hand side (from sm up); `panel`: the phone's navigation panel. */
  placement: 'bar' | 'panel';
  /** Closes the phone's navigation panel after a choice. */
  onNavigate?: () => void;
};

/**
 * The header's account slot (spec §1): a guest sees Sign In; a signed-in shopper sees a greeting
 * and Logout (built with the session, issue 8). Both placements render from here, so the session
 * work changes this one component.
 */
export function HeaderAccount({ placement, onNavigate }: HeaderAccountProps) {
  const user = useSessionUser();
  if (user) return null;
  return (
    <LinkButton
      href={paths.signIn()}
      size={placement === 'bar' ? 'sm' : 'md'}
      css={
        placement === 'bar'
          ? css.raw({ display: { base: 'none', sm: 'inline-flex' } })
          : css.raw({ w: 'full' })
      }
      onClick={onNavigate}
    >
      Sign In
    </LinkButton>
  );
}
