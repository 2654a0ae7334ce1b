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
 * route change and screen-reader users hear where they landed.
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
