import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { css, cx } from 'styled-system/css';
import { LinkButton } from '../../ui/link-button';
import { pageColumn } from '../../ui/page-container';
import { paths } from '../../lib/paths';
import { panel } from '../../ui/panel';

const backLinkStyle = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  color: 'textMuted',
  fontWeight: 'medium',
  textDecoration: 'none',
  borderRadius: 'md',
  _hover: { color: 'text', textDecoration: 'underline' },
  _focusVisible: { focusOutline: 'outside' },
});

/**
 * Sign-in and register: "Back to Shop", the promo panel ("We Also Have Coffee For You At Home."
 * with "Order Now", spec §2) on the left from lg up, the form card on the right.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className={css(pageColumn, { py: { base: '6', md: '10' } })}>
      <Link href={paths.menu()} className={backLinkStyle}>
        <span aria-hidden="true">←</span> Back to Shop
      </Link>
      <div
        className={css({
          mt: '4',
          display: 'grid',
          gap: { base: '6', lg: '10' },
          gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' },
          alignItems: 'stretch',
        })}
      >
        <aside
          aria-label="Coffee at home"
          className={cx(
            panel({ radius: '2xl', tone: 'muted' }),
            css({
              order: { base: 2, lg: 1 },
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'flex-end',
              gap: '4',
              p: { base: '6', md: '10' },
              overflow: 'hidden',
            }),
          )}
        >
          <img
            src="/images/home/about-2.svg"
            alt=""
            className={css({
              w: 'full',
              maxH: { base: '40', lg: '80' },
              objectFit: 'cover',
              borderRadius: 'xl',
            })}
          />
          <p
            className={css({
              fontFamily: 'heading',
              fontSize: { base: '2xl', md: '3xl' },
              fontWeight: 'bold',
              lineHeight: 'tight',
              color: 'text',
            })}
          >
            We Also Have Coffee For You At Home.
          </p>
          <LinkButton href={paths.menu()} css={css.raw({ alignSelf: 'flex-start' })}>
            Order Now
          </LinkButton>
        </aside>
        <section
          className={cx(
            panel({ radius: '2xl' }),
            css({
              order: { base: 1, lg: 2 },
              p: { base: '5', md: '8' },
            }),
          )}
        >
          {children}
        </section>
      </div>
    </div>
  );
}

export const inlineLinkStyle = css({
  color: 'accent',
  fontWeight: 'semibold',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  borderRadius: 'sm',
  _hover: { textDecorationThickness: '2px' },
  _focusVisible: { focusOutline: 'outside' },
});
