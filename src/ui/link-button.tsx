import type { ComponentPropsWithRef } from 'react';
import { Link } from 'wouter';
import { buttonClassName, type ButtonVariants, type StyleOverride } from './button';

export type LinkButtonProps = Omit<ComponentPropsWithRef<'a'>, 'href'> &
  ButtonVariants &
  StyleOverride & {
    href: string;
    /** Replace the history entry instead of pushing one. */
    replace?: boolean;
  };

/** An in-app link (wouter) that looks like a button: navigation stays a link for assistive tech. */
export function LinkButton({ visual, size, className, css: override, ...rest }: LinkButtonProps) {
  return <Link className={buttonClassName({ visual, size }, override, className)} {...rest} />;
}
