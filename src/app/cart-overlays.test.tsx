import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CartFlowProvider, useCartFlow } from '../cart/cart-flow';
import { ORDER_BUTTON_ID } from '../cart/order-button-id';
import { CartOverlays } from './cart-overlays';

// Defect 3 of issue 16: tapping Order while offline blanked the whole shop. Here the drawer's
// chunk cannot be fetched at all (as offline), however often it is asked for.
let drawerLoads = 0;
vi.mock('../features/cart/cart-drawer', () => {
  drawerLoads += 1;
  throw new TypeError('Failed to fetch dynamically imported module: /assets/cart-drawer.js');
});

let reported: unknown[] = [];
beforeEach(() => {
  reported = [];
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    reported.push(...args);
  });
});

function Header() {
  const { openCart, view } = useCartFlow();
  return (
    <header>
      <button type="button" id={ORDER_BUTTON_ID} onClick={openCart}>
        Order
      </button>
      <p>view: {view}</p>
    </header>
  );
}

describe('cart overlays when a chunk cannot be loaded', () => {
  it('shows a message with Retry in the drawer’s place; the header keeps working', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CartFlowProvider>
          <Header />
          <CartOverlays />
        </CartFlowProvider>
      </QueryClientProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Order' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('Your cart could not be loaded');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    // The header is still there and still answers, and no longer shows the drawer coming.
    const order = screen.getByRole('button', { name: 'Order' });
    expect(order.hasAttribute('data-pending')).toBe(false);
    expect(order.hasAttribute('aria-busy')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('view: closed')).toBeTruthy();
    expect(drawerLoads).toBeGreaterThan(0);
  });
});
