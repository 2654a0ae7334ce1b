import { describe, expect, it } from 'vitest';
import { accountKeys } from './account.queries';
import { cartKeys } from './cart.queries';
import { identityScopedRoots } from './identity.queries';
import { orderKeys } from './orders.queries';

describe('identity-scoped roots (ADR-0026)', () => {
  it('are the roots of the cart, account and orders key factories', () => {
    expect(identityScopedRoots).toEqual([cartKeys.all, accountKeys.all, orderKeys.all]);
  });
});
