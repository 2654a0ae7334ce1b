import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { css, cva, cx } from 'styled-system/css';

/**
 * Radix Dialog, wrapped once (docs/conventions.md): a modal with focus trap, Escape, overlay click
 * and focus return. `variant` picks the shape: a centred `modal`, a `drawer` from the right
 * (95% wide, spec §2 cart drawer) or a `sheet` covering the page (checkout).
 */
const contentStyles = cva({
  base: {
    position: 'fixed',
    zIndex: 50,
    bg: 'surface',
    color: 'text',
    boxShadow: 'dialog',
    display: 'flex',
    flexDirection: 'column',
    _focus: { outline: 'none' },
  },
  variants: {
    variant: {
      modal: {
        top: '50%',
        left: '50%',
        transform: 'translate(-50%, -50%)',
        w: 'min(92vw, 28rem)',
        maxH: '90dvh',
        overflowY: 'auto',
        borderRadius: '2xl',
        p: { base: '5', md: '7' },
      },
      drawer: {
        top: '0',
        right: '0',
        bottom: '0',
        w: '95%',
        maxW: '95%',
        overflowY: 'auto',
        p: { base: '4', md: '8' },
      },
      sheet: {
        inset: '0',
        overflowY: 'auto',
        p: { base: '4', md: '8' },
      },
    },
  },
  defaultVariants: { variant: 'modal' },
});

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name; shown as its heading unless `hideTitle`. */
  title: ReactNode;
  hideTitle?: boolean;
  /** Read by screen readers as the dialog's description. */
  description?: ReactNode;
  variant?: 'modal' | 'drawer' | 'sheet';
  className?: string;
  /**
   * Where focus goes once the dialog closes. Radix returns it to the trigger; a dialog opened
   * by app state rather than a trigger calls `event.preventDefault()` and moves focus itself.
   */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
};

export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  description,
  variant = 'modal',
  className,
  onCloseAutoFocus,
  children,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className={css({
            position: 'fixed',
            inset: '0',
            zIndex: 40,
            bg: 'scrim',
          })}
        />
        <RadixDialog.Content
          className={cx(contentStyles({ variant }), className)}
          onCloseAutoFocus={onCloseAutoFocus}
          // Without a description Radix warns in the console; say there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title
            className={
              hideTitle
                ? css({ srOnly: true })
                : css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', mb: '4' })
            }
          >
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={css({ color: 'textMuted', mb: '4' })}>
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A control that closes the surrounding Dialog (keeps Radix's focus return). */
export const DialogClose = RadixDialog.Close;
