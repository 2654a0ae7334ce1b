import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetOrderTokens,
  guestOrderTokens,
  latestGuestOrder,
  orderTokenFor,
  rememberOrderToken,
} from './order-tokens';

describe('guest order tokens', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the token of each order so its confirmation can be reloaded', () => {
    rememberOrderToken(7, 'ot_seven');
    rememberOrderToken(8, 'ot_eight');
    expect(orderTokenFor(7)).toBe('ot_seven');
    expect(orderTokenFor('8')).toBe('ot_eight');
    expect(orderTokenFor(9)).toBeNull();
  });

  it('keeps nothing for a signed-in order (no token) and survives a tampered entry', () => {
    rememberOrderToken(7, null);
    expect(orderTokenFor(7)).toBeNull();
    window.localStorage.setItem('orderTokens', '{"7": 12, "8": "ot_eight"');
    expect(orderTokenFor(8)).toBeNull();
    window.localStorage.setItem('orderTokens', '{"7": 12, "8": "ot_eight"}');
    expect(orderTokenFor(7)).toBeNull();
    expect(orderTokenFor(8)).toBe('ot_eight');
  });

  it('forgets the oldest beyond twenty orders', () => {
    for (let id = 1; id <= 25; id += 1) rememberOrderToken(id, `ot_${id}`);
    expect(orderTokenFor(5)).toBeNull();
    expect(orderTokenFor(6)).toBe('ot_6');
    expect(orderTokenFor(25)).toBe('ot_25');
  });

  it('works on, remembering nothing, when storage is blocked', () => {
    // Blocked storage throws on the very read of window.localStorage (some privacy settings).
    const real = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      expect(() => rememberOrderToken(9, 'ot_nine')).not.toThrow();
      expect(orderTokenFor(9)).toBeNull();
    } finally {
      if (real) Object.defineProperty(window, 'localStorage', real);
    }
  });

  it('lists every token it holds, oldest first, and the latest order (issue 30)', () => {
    expect(guestOrderTokens()).toEqual([]);
    expect(latestGuestOrder()).toBeNull();
    rememberOrderToken(12, 'ot_twelve');
    rememberOrderToken(9, 'ot_nine');
    rememberOrderToken(30, 'ot_thirty');
    expect(guestOrderTokens()).toEqual([
      { orderId: 9, orderToken: 'ot_nine' },
      { orderId: 12, orderToken: 'ot_twelve' },
      { orderId: 30, orderToken: 'ot_thirty' },
    ]);
    expect(latestGuestOrder()).toEqual({ orderId: 30, orderToken: 'ot_thirty' });
  });

  it('forgets the tokens of the orders that joined an account, and keeps the rest', () => {
    rememberOrderToken(1, 'ot_one');
    rememberOrderToken(2, 'ot_two');
    rememberOrderToken(3, 'ot_three');
    forgetOrderTokens([1, 3]);
    expect(guestOrderTokens()).toEqual([{ orderId: 2, orderToken: 'ot_two' }]);
    forgetOrderTokens([]);
    expect(orderTokenFor(2)).toBe('ot_two');
  });
});
