import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Spinner } from './spinner';
import { VisuallyHidden } from './visually-hidden';

/** A grey block where content will be; it pulses unless the shopper asks for less motion. */
export const skeletonBlock = css({
  bg: 'surfaceMuted',
  borderRadius: 'md',
  animation: 'pulse 1.6s ease-in-out infinite',
  _motionReduce: { animation: 'none' },
});

/** The window below the header: what the route fallback fills too (src/app/route-fallback.tsx). */
const screenBelowHeader = css({
  minH: { base: 'calc(100dvh - 4rem)', lg: 'calc(100dvh - 5rem)' },
});

export type LoadingShapeProps = {
  /** Announced to screen readers while the content loads. */
  label: string;
  /**
   * At least the window's height, like the route fallback: for content always taller than the
   * window (a product, a story), so the footer stays out of sight from the route's load to the
   * content's arrival and nothing on screen moves.
   */
  fillScreen?: boolean;
  testId?: string;
  className?: string;
  /** The content's shape in skeleton blocks, at the content's size; hidden from screen readers. */
  children: ReactNode;
};

/**
 * A loading state that holds the size of what it stands for (issue 19: the footer must not move
 * as content arrives), announced once, with no spinner to watch.
 */
export function LoadingShape({
  label,
  fillScreen = false,
  testId,
  className,
  children,
}: LoadingShapeProps) {
  return (
    <div
      aria-busy="true"
      data-testid={testId}
      className={cx(fillScreen ? screenBelowHeader : undefined, className)}
    >
      <VisuallyHidden>
        <Spinner label={label} />
      </VisuallyHidden>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}
