// How much of the shop one caller, or all unpaid orders together, can hold (issue 15, issue 28,
// ADR-0044, ADR-0061): units per product and per order, open unpaid orders per account or cart,
// normalised email, phone and network, and the share of a product's stock unpaid orders may keep.
export interface OrderLimits {
  /** Units of one product in one order. */
  maxUnitsPerProduct: number;
  /** Units in one order, all products together. */
  maxUnitsPerOrder: number;
  /** Open unpaid orders from one guest cart token, or one signed-in account. */
  maxOpenOrdersPerCart: number;
  /** Open unpaid orders for one email address, normalised (caller-keys.ts). */
  maxOpenOrdersPerEmail: number;
  /** Open unpaid orders for one phone number (its digits). */
  maxOpenOrdersPerPhone: number;
  /**
   * Open unpaid orders placed from one network (an IPv4 address or an IPv6 /64) within the last
   * `addressWindowMinutes`: short-lived, so shoppers behind one NAT are not blocked for long.
   */
  maxOpenOrdersPerAddress: number;
  addressWindowMinutes: number;
  /**
   * The share of a product's stock (on hand plus what unpaid orders hold) that unpaid orders may
   * keep; past it a cash-on-delivery order is refused (card orders pay or lapse). 1 turns it off.
   */
  unpaidHoldShare: number;
  /** Whether cash on delivery is offered at all (COD_ENABLED). */
  codEnabled: boolean;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  maxUnitsPerProduct: 10,
  maxUnitsPerOrder: 30,
  maxOpenOrdersPerCart: 3,
  maxOpenOrdersPerEmail: 3,
  maxOpenOrdersPerPhone: 3,
  maxOpenOrdersPerAddress: 20,
  addressWindowMinutes: 10,
  unpaidHoldShare: 0.5,
  codEnabled: true,
};

const COUNTS: [keyof OrderLimits, string][] = [
  ['maxUnitsPerProduct', 'MAX_UNITS_PER_PRODUCT'],
  ['maxUnitsPerOrder', 'MAX_UNITS_PER_ORDER'],
  ['maxOpenOrdersPerCart', 'MAX_OPEN_ORDERS_PER_CART'],
  ['maxOpenOrdersPerEmail', 'MAX_OPEN_ORDERS_PER_EMAIL'],
  ['maxOpenOrdersPerPhone', 'MAX_OPEN_ORDERS_PER_PHONE'],
  ['maxOpenOrdersPerAddress', 'MAX_OPEN_ORDERS_PER_ADDRESS'],
  ['addressWindowMinutes', 'OPEN_ORDERS_WINDOW_MINUTES'],
];

/** The order limits the environment sets (docs/server.md); unset ones keep their defaults. */
export function orderLimitsFromEnv(env: NodeJS.ProcessEnv): Partial<OrderLimits> {
  const limits: Partial<OrderLimits> = {};
  for (const [key, name] of COUNTS) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
    Object.assign(limits, { [key]: Math.floor(n) });
  }
  const share = env.UNPAID_HOLD_SHARE;
  if (share !== undefined && share !== '') {
    const n = Number(share);
    if (!Number.isFinite(n) || n < 0 || n > 1)
      throw new Error('UNPAID_HOLD_SHARE must be a number from 0 to 1');
    limits.unpaidHoldShare = n;
  }
  const cod = env.COD_ENABLED?.trim().toLowerCase();
  if (cod !== undefined && cod !== '') {
    if (!['0', '1', 'true', 'false'].includes(cod))
      throw new Error('COD_ENABLED must be true or false');
    limits.codEnabled = cod === '1' || cod === 'true';
  }
  return limits;
}
