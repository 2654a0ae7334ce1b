import { css, cva } from 'styled-system/css';
import { VisuallyHidden } from './visually-hidden';

const ring = cva({
  base: {
    display: 'inline-block',
    borderRadius: 'full',
    borderStyle: 'solid',
    borderColor: 'border',
    borderTopColor: 'accent',
    animation: 'spin 0.8s linear infinite',
    _motionReduce: { animationDuration: '2.4s' },
  },
  variants: {
    size: {
      sm: { w: '4', h: '4', borderWidth: '2px' },
      md: { w: '8', h: '8', borderWidth: '3px' },
      lg: { w: '12', h: '12', borderWidth: '4px' },
    },
  },
  defaultVariants: { size: 'md' },
});

export type SpinnerProps = {
  /** Announced to screen readers; also shown beside the ring when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
};

export function Spinner({ label = 'Loading...', showLabel = false, size }: SpinnerProps) {
  return (
    <span
      role="status"
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '3',
        color: 'textMuted',
      })}
    >
      {/* Turns slowly, not never, under reduced motion (index.css). */}
      <span aria-hidden="true" data-motion="essential" className={ring({ size })} />
      {showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
}
