import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { SystemStyleObject } from 'styled-system/types';

const containerStyles = css.raw({
  maxW: '7xl',
  mx: 'auto',
  px: { base: '4', md: '6', lg: '8' },
  py: { base: '8', md: '12' },
});

export type PageContainerProps = {
  children: ReactNode;
  /** Overrides merged into the defaults (write them with `css.raw`, so Panda extracts them). */
  css?: SystemStyleObject;
};

/** The page's column: same max width and side padding as the header and footer. */
export function PageContainer({ children, css: override }: PageContainerProps) {
  return <div className={css(containerStyles, override ?? {})}>{children}</div>;
}
