import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge, orderStatusWords } from './order-status-badge';

describe('order status names (spec §4, D9)', () => {
  it('in words wherever it is not a badge: the tracking panel never shows a raw code', () => {
    expect(orderStatusWords('PAYMENT_FAILED')).toBe('Payment failed');
    expect(orderStatusWords('PENDING')).toBe('Waiting For Payment');
    expect(orderStatusWords('PAID')).toBe('Processed');
    expect(orderStatusWords('ON_HOLD')).toBe('On hold');
  });

  it('a badge keeps spec §4 rule: the five names, anything else as is', () => {
    render(<OrderStatusBadge status="PAYMENT_FAILED" />);
    expect(screen.getByTestId('order-status').textContent).toBe('PAYMENT_FAILED');
  });
});
