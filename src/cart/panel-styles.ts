import { css } from 'styled-system/css';

/** The look both cart panels share (Cart Summary and Order Items). */
export const panelStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: { base: '4', md: '6' },
  bg: 'surfaceMuted',
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border',
  minW: '0',
});

export const amountsStyle = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  transition: 'opacity 0.15s ease',
  // While the server works on a change its last numbers may be one step behind: say so softly.
  '&[aria-busy=true]': { opacity: 0.55 },
});

export const amountRowStyle = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '3',
  '& dd': { fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' },
});

/** Only on phones: on wider screens the panel sits beside what it belongs to. */
export const mobileBackStyle = css.raw({ display: { base: 'inline-flex', md: 'none' } });
