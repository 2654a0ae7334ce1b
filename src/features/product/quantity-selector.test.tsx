import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { clampQuantity, QuantitySelector } from './quantity-selector';

function Harness({ max }: { max: number }) {
  const [value, setValue] = useState(1);
  return <QuantitySelector value={value} max={max} onChange={setValue} />;
}

const shown = () => screen.getByTestId('quantity-value').textContent;

describe('quantity selector', () => {
  it('starts at 1, never goes below 1, and never above the stock', async () => {
    const user = userEvent.setup();
    render(<Harness max={3} />);
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });

    expect(shown()).toBe('Quantity 1');
    expect(minus.getAttribute('aria-disabled')).toBe('true');
    await user.click(minus);
    expect(shown()).toBe('Quantity 1');

    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    expect(shown()).toBe('Quantity 3');
    expect(plus.getAttribute('aria-disabled')).toBe('true');

    await user.click(minus);
    expect(shown()).toBe('Quantity 2');
    expect(plus.getAttribute('aria-disabled')).toBe('false');
  });

  it('is usable from the keyboard and announces the number politely', async () => {
    const user = userEvent.setup();
    render(<Harness max={5} />);

    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(shown()).toBe('Quantity 3');
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    screen.getByRole('group', { name: 'Quantity' });
  });

  it('clamps any number into 1..stock', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
    expect(clampQuantity(2, 0)).toBe(1);
  });
});
