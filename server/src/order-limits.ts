// How much of the shop one caller can hold at once (issue 15): units per product and per order,
// and open unpaid orders per cart (or account), per email and per client address.
export interface OrderLimits {
  /** Units of one product in one order. */
  maxUnitsPerProduct: number;
  /** Units in one order, all products together. */
  maxUnitsPerOrder: number;
  /** Open unpaid orders from one guest cart token, or one signed-in account. */
  maxOpenOrdersPerCart: number;
  /** Open unpaid orders for one email address (case-insensitive). */
  maxOpenOrdersPerEmail: number;
  /** Open unpaid orders from one client address. */
  maxOpenOrdersPerAddress: number;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  maxUnitsPerProduct: 10,
  maxUnitsPerOrder: 30,
  maxOpenOrdersPerCart: 3,
  maxOpenOrdersPerEmail: 3,
  maxOpenOrdersPerAddress: 10,
};
