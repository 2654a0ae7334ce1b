import type { ReactNode } from 'react';
import { visuallyHidden } from 'styled-system/patterns';

/** Text for assistive technology only (counts, context for icon buttons). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={visuallyHidden()}>{children}</span>;
}
