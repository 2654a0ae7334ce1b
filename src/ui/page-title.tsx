import { useEffect, useRef, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { claimRouteFocus } from '../lib/route-focus';

export type PageTitleProps = {
  children: ReactNode;
  /** Under the heading, muted. */
  subtitle?: ReactNode;
  className?: string;
};

/**
 * The page's one <h1>. It is focusable (tabIndex -1) so the layout can move focus to it after a
 * route change and screen-reader users hear where they landed. Its scroll margin is the sticky
 * header's height token, so wherever it is scrolled or focused into view it shows below the header.
 */
export function PageTitle({ children, subtitle, className }: PageTitleProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const focus = claimRouteFocus();
    if (focus) heading.current?.focus(focus);
  }, []);
  return (
    <div className={cx(css({ mb: { base: '6', md: '8' } }), className)}>
      <h1
        ref={heading}
        tabIndex={-1}
        data-page-title=""
        className={css({
          textStyle: 'h1',
          color: 'text',
          // Scrolled or focused into view, it lands below the sticky header, not under it.
          scrollMarginTop: {
            base: 'calc(token(sizes.header) + token(spacing.4))',
            lg: 'calc(token(sizes.headerLg) + token(spacing.4))',
          },
          _focus: { outline: 'none' },
        })}
      >
        {children}
      </h1>
      {subtitle ? (
        <p className={css({ mt: '3', color: 'textMuted', textStyle: 'lead', maxW: '2xl' })}>
          {subtitle}
        </p>
      ) : null}
    </div>
  );
}
