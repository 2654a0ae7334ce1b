import { describe, expect, it } from 'vitest';
import { paymentProblemLines } from './payment-messages';

/** Words a shopper should never read: the developer's (issue 30). */
const DEVELOPER_WORDS =
  /PaymentIntent|Error:|TypeError|Failed to fetch|undefined|null|\b[45]\d\d\b/;

describe('paymentProblemLines (a failed order or payment, issue 16 and 30)', () => {
  it('tells an offline shopper what happened and what to do, without developer words', () => {
    const lines = paymentProblemLines(
      { stage: 'order', network: true, detail: 'TypeError: Failed to fetch', code: null },
      'Place Order',
    );
    expect(lines).toEqual([
      'Error processing payment. Please try again later.',
      'Your order was not placed, and nothing was charged.',
      'You seem to be offline. Check your internet connection, then press Place Order again.',
    ]);
    expect(lines.join(' ')).not.toContain('PaymentIntent');
  });

  it.each(['order', 'card', 'record'] as const)(
    "keeps the server's or the browser's own error text out of a failure at the %s stage",
    (stage) => {
      const text = paymentProblemLines(
        {
          stage,
          network: false,
          detail: 'Error: 503 Service Unavailable',
          code: 'SERVICE_UNAVAILABLE',
        },
        'Pay',
      ).join(' ');
      expect(text).not.toMatch(DEVELOPER_WORDS);
    },
  );
});
