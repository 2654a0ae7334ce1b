import type { ComponentPropsWithRef } from 'react';
import { css, cva, cx, type RecipeVariantProps } from 'styled-system/css';
import type { SystemStyleObject } from 'styled-system/types';

/** Shared look of everything that reads as a button, links included (see link-button.tsx). */
const buttonStyles = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontFamily: 'body',
    fontWeight: 'semibold',
    lineHeight: '1.2',
    letterSpacing: '0.005em',
    borderRadius: 'full',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    cursor: 'pointer',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    transition:
      'background-color 0.15s ease, color 0.15s ease, border-color 0.15s ease, box-shadow 0.15s ease',
    _focusVisible: { focusOutline: 'outside' },
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
  },
  variants: {
    visual: {
      solid: {
        bg: 'accent',
        color: 'accentText',
        boxShadow: 'control',
        _hover: { bg: 'accentHover' },
      },
      outline: {
        bg: 'transparent',
        color: 'text',
        borderColor: 'borderStrong',
        _hover: { bg: 'surfaceMuted', borderColor: 'accent' },
      },
      ghost: {
        bg: 'transparent',
        color: 'text',
        _hover: { bg: 'surfaceMuted' },
      },
    },
    size: {
      sm: { fontSize: 'sm', px: '3', py: '1.5', minH: '9' },
      md: { fontSize: 'md', px: '5', py: '2.5', minH: '11' },
      lg: { fontSize: 'lg', px: '7', py: '3', minH: '12' },
      icon: { p: '0', w: '11', h: '11', fontSize: 'lg' },
    },
  },
  defaultVariants: { visual: 'solid', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariantProps<typeof buttonStyles>>;

/**
 * Style overrides, written with `css.raw({...})` at the call site (so Panda extracts them). They
 * are merged into the recipe's styles, so an override of a property the recipe sets (display,
 * width...) reliably wins; a plain extra className could not promise that.
 */
export type StyleOverride = { css?: SystemStyleObject };

export type ButtonProps = ComponentPropsWithRef<'button'> & ButtonVariants & StyleOverride;

/** Class names for a button-looking element: the recipe merged with the caller's overrides. */
export function buttonClassName(
  variants: ButtonVariants,
  override: SystemStyleObject | undefined,
  className: string | undefined,
): string {
  return cx(css(buttonStyles.raw(variants), override ?? {}), className);
}

export function Button({
  visual,
  size,
  className,
  css: override,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    // A form's submit button says so explicitly; everything else must not submit by accident.
    <button
      type={type}
      className={buttonClassName({ visual, size }, override, className)}
      {...rest}
    />
  );
}
