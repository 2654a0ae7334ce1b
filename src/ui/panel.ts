import { cva } from 'styled-system/css';

/**
 * The shop's bordered surface: cards, panels, notices and boxed rows. Layout, padding and
 * hover lift stay with the caller (`cx(panel({ … }), css({ … }))`); what makes it read as a
 * panel lives here, so every card has the same edge, fill and shadow in both themes.
 */
export const panel = cva({
  base: {
    bg: 'surface',
    borderWidth: '1px',
    borderColor: 'border',
  },
  variants: {
    /** `card` for product and link cards, `xl` for page panels, `lg` for rows and notices. */
    radius: {
      lg: { borderRadius: 'lg' },
      xl: { borderRadius: 'xl' },
      '2xl': { borderRadius: '2xl' },
      card: { borderRadius: 'card' },
    },
    /** `muted` for notices and rows that sit back; `danger` edges a panel that reports a failure. */
    tone: {
      surface: {},
      muted: { bg: 'surfaceMuted' },
      danger: { borderColor: 'danger' },
    },
    shadow: {
      none: {},
      xs: { boxShadow: 'xs' },
      card: { boxShadow: 'card' },
    },
  },
  defaultVariants: { radius: 'xl', tone: 'surface', shadow: 'none' },
});
