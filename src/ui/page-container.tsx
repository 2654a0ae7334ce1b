import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { SystemStyleObject } from 'styled-system/types';

/**
 * The site's column: one max width and side padding for the header, the pages and the footer.
 * A raw style, so a section that lays out its own grid can merge it: `css(pageColumn, {...})`.
 */
export const pageColumn = css.raw({
  maxW: '7xl',
  mx: 'auto',
  px: { base: '4', md: '6', lg: '8' },
});

const containerStyles = css.raw(pageColumn, { py: { base: '8', md: '12' } });

export type PageContainerProps = {
  children: ReactNode;
  /** Overrides merged into the defaults (write them with `css.raw`, so Panda extracts them). */
  css?: SystemStyleObject;
};

/** The page's column: same max width and side padding as the header and footer. */
export function PageContainer({ children, css: override }: PageContainerProps) {
  return <div className={css(containerStyles, override ?? {})}>{children}</div>;
}
