import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../tests/support/render-app';
import { CartOverlays } from './cart-overlays';
import { OrderButton } from './order-button';

// Issue 27: a tap gets feedback within 100 ms, never a silent no-op. The drawer's chunk comes
// only the first time it opens (650 ms on a slow phone); here it comes when the test says.
const chunk = vi.hoisted(() => {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('../features/cart/cart-drawer', async () => {
  await chunk.arrived;
  return { CartDrawer: () => <div role="dialog" aria-label="Cart" /> };
});

describe('the Order button while the cart drawer comes', () => {
  it('shows the pending look, and is busy, from the tap until the drawer shows', async () => {
    const { user } = renderApp({
      ui: (
        <>
          <OrderButton />
          <CartOverlays />
        </>
      ),
    });
    const order = screen.getByRole('link', { name: /^Order/ });
    expect(order.hasAttribute('data-pending')).toBe(false);

    await user.click(order);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(order.hasAttribute('data-pending'), 'pending while the chunk comes').toBe(true);
    expect(order.getAttribute('aria-busy'), 'busy to a screen reader').toBe('true');

    await act(async () => {
      chunk.arrive();
      await chunk.arrived;
    });
    expect(await screen.findByRole('dialog', { name: 'Cart' })).toBeTruthy();
    expect(order.hasAttribute('data-pending'), 'pending once the drawer shows').toBe(false);
    expect(order.hasAttribute('aria-busy'), 'busy once the drawer shows').toBe(false);
  });
});
