import { cva } from 'styled-system/css';

/**
 * A small rounded label: sale and stock marks, "Default" on an address, order statuses. Position
 * stays with the caller.
 */
export const badgeStyles = cva({
  base: {
    px: '2.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'bold',
  },
  variants: {
    /** `sm` beside text in a row, `md` on its own (over a product image, beside a price). */
    size: {
      sm: { py: '0.5' },
      md: { py: '1' },
    },
    tone: {
      /** The caller sets the colours (a status, a product mark chosen at run time). */
      none: {},
      accent: { bg: 'accent', color: 'accentText' },
      danger: { bg: 'danger', color: 'accentText' },
      inverse: { bg: 'text', color: 'bg' },
    },
  },
  defaultVariants: { size: 'md', tone: 'none' },
});
