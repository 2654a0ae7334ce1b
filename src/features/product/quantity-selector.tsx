import { useId } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../../ui/button';
import { VisuallyHidden } from '../../ui/visually-hidden';

export type QuantitySelectorProps = {
  value: number;
  /** The most that can be chosen (the stock); the least is always 1. */
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
};

const MIN_QUANTITY = 1;

/** The quantity in range: at least 1, never above `max` (spec §4 "Quantity selector"). */
export function clampQuantity(value: number, max: number): number {
  return Math.max(MIN_QUANTITY, Math.min(value, Math.max(MIN_QUANTITY, max)));
}

/**
 * Minus, the number, plus. The buttons at a limit are aria-disabled rather than disabled, so
 * keyboard focus stays on them; the number is a polite live region, so each change is heard.
 */
export function QuantitySelector({
  value,
  max,
  onChange,
  disabled = false,
}: QuantitySelectorProps) {
  const labelId = useId();
  const atMin = disabled || value <= MIN_QUANTITY;
  const atMax = disabled || value >= max;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5' })}>
      <span id={labelId} className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
        Quantity
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '1',
          p: '1',
          w: 'fit-content',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'full',
          bg: 'surface',
        })}
      >
        <Button
          visual="ghost"
          size="icon"
          aria-label="Decrease quantity"
          aria-disabled={atMin}
          onClick={() => {
            if (!atMin) onChange(clampQuantity(value - 1, max));
          }}
        >
          <span aria-hidden="true">−</span>
        </Button>
        <output
          aria-live="polite"
          aria-atomic="true"
          data-testid="quantity-value"
          className={css({
            minW: '10',
            textAlign: 'center',
            fontSize: 'lg',
            fontWeight: 'bold',
            fontVariantNumeric: 'tabular-nums',
          })}
        >
          <VisuallyHidden>Quantity </VisuallyHidden>
          {value}
        </output>
        <Button
          visual="ghost"
          size="icon"
          aria-label="Increase quantity"
          aria-disabled={atMax}
          onClick={() => {
            if (!atMax) onChange(clampQuantity(value + 1, max));
          }}
        >
          <span aria-hidden="true">+</span>
        </Button>
      </div>
    </div>
  );
}
