import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/**
 * Text for assistive technology only (counts, context for icon buttons). `srOnly` rather than
 * the `visuallyHidden` pattern: importing one pattern from styled-system/patterns pulls in
 * every pattern (about 4 kB gzip of the first load).
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={css({ srOnly: true })}>{children}</span>;
}
