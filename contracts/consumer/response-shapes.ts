// Matcher templates of the answers the storefront reads. Loose on values (types, formats), strict
// on what the client branches on (error codes, enums it switches over). The examples are valid
// against openapi.yaml: contracts/openapi-compat.test.ts checks them.
import { MatchersV3 } from '@pact-foundation/pact';

const { eachLike, integer, number, string, boolean, regex, nullValue } = MatchersV3;

const ISO_DATE_TIME = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$';
const JWT = '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$';

export const isoDateTime = (example = '2026-11-21T12:00:00.000Z') => regex(ISO_DATE_TIME, example);
export const jwt = () =>
  regex(
    JWT,
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZW1vQGx1bWVuLnRlc3QifQ.c2lnbmF0dXJl',
  );
/** Money is a JSON number (5, 3.99): `number`, not `decimal`, since whole dollars are integers. */
export const money = (example: number) => number(example);
const id = (example: number) => integer(example);

const productImage = {
  productImageId: id(3),
  imageUrl: string('/images/products/3-1.svg'),
  isMain: boolean(true),
};

export const product = {
  productId: id(3),
  name: string('cappucino'),
  price: money(5),
  oldPrice: money(6),
  description: string('Equal parts espresso, steamed milk and thick microfoam.'),
  category: regex('^(coffee_baverage|food_snack|at_home)$', 'coffee_baverage'),
  quantity: integer(28),
  isAvailableAtWeb: boolean(true),
  images: eachLike(productImage),
};

export const productPage = {
  items: eachLike(product),
  totalPages: integer(2),
  totalElements: integer(12),
  page: integer(0),
  size: integer(8),
};

export const promo = {
  promoId: id(3),
  code: string('FREESHIP2'),
  title: string('Free Shipping'),
  description: string('Shipping is on us when your cart holds an eligible item.'),
  discountType: regex('^(percentage|fixed|free_shipping)$', 'free_shipping'),
  discountValue: number(2),
  startAt: isoDateTime('2026-10-22T12:00:00.000Z'),
  endAt: isoDateTime('2027-01-20T12:00:00.000Z'),
  isActive: boolean(true),
};

const unavailablePromo = {
  ...promo,
  promoId: id(4),
  code: string('SUMMER10'),
  reason: string('Promo code has expired'),
};

export const promoLists = {
  availablePromos: eachLike(promo),
  unavailablePromos: eachLike(unavailablePromo),
};

export const shipMethod = {
  methodId: id(2),
  methodName: string('Standard Shipping'),
  code: string('S'),
  expectedArrival: string('4 - 6 Business Days'),
  price: money(3.99),
};

export const news = {
  newId: id(1),
  title: string('Cold Brew Coffee, How to Drink Cold Coffee is More Enjoyable'),
  image: string('/images/news/1.svg'),
  createdAt: isoDateTime(),
  time: string('4 Min'),
  description: string('Cold brew is not iced coffee.'),
};

export const shopEvent = {
  eventId: id(1),
  name: string('latte art workshop'),
  image: string('/images/events/1.svg'),
  startDate: isoDateTime(),
  duration: regex('^[0-9]{2}:[0-9]{2}:[0-9]{2}$', '02:00:00'),
};

export const space = {
  spaceId: id(2),
  name: string('long window'),
  type: regex('^(workspace|event space|meeting space)$', 'workspace'),
  image: string('/images/spaces/2.svg'),
  // The media's own size: the gallery lays out from it before anything loads (issue 19).
  width: integer(1600),
  height: integer(900),
};

export const authToken = { token: jwt() };

export const user = {
  userId: id(1),
  username: string('demo-shopper'),
  email: regex('^[^@\\s]+@[^@\\s]+$', 'demo@lumen.test'),
  phone: string('4165550123'),
};

export const address = {
  addressId: id(1),
  name: string('Demo Shopper'),
  apartment: string('Unit 4'),
  country: regex('^[A-Z]{2}$', 'CA'),
  province: string('Ontario'),
  city: string('Toronto'),
  postalCode: string('M5H 2M9'),
  street: string('123 Queen Street West'),
  phoneNumber: regex('^[0-9]{10,15}$', '4165550123'),
  isDefault: boolean(true),
};

const ORDER_STATUS =
  '^(PENDING|PAYMENT_FAILED|PAID|PROCESSING|SHIPPED|DELIVERED|CANCELLED|CANCELED|REFUNDED)$';
export const orderStatus = (example: string) => regex(ORDER_STATUS, example);
const PAYMENT_METHOD = '^(card|paypal|cod)$';

export const accountOrder = {
  orderId: id(1),
  status: orderStatus('PENDING'),
  createdAt: isoDateTime(),
  items: integer(1),
  amount: money(14.99),
  paymentMethod: regex(PAYMENT_METHOD, 'card'),
};

const cartItem = {
  cartItemId: id(1),
  productId: id(3),
  productName: string('cappucino'),
  productCategory: regex('^(coffee_baverage|food_snack|at_home)$', 'coffee_baverage'),
  imageUrl: string('/images/products/3-1.svg'),
  price: money(5),
  quantity: integer(1),
  stock: integer(28),
  lineTotal: money(5),
};

const totals = {
  subtotal: money(5),
  tax: money(0.5),
  shipping: money(0),
  discount: money(0),
  total: money(5.5),
};

/** A cart with lines. `cartToken` is the caller's concern: pass the matcher that fits. */
export function cart(overrides: Record<string, unknown> = {}) {
  return {
    cartId: id(1),
    cartToken: nullValue(),
    cartItems: eachLike(cartItem),
    shipMethod: nullValue(),
    promo: nullValue(),
    promoValidation: nullValue(),
    ...totals,
    totalQuantity: integer(1),
    ...overrides,
  };
}

export const guestCartToken = () => regex('^.{8,200}$', 'c0ffee-guest-cart-token-example');

export const promoValidation = {
  accepted: boolean(true),
  message: string('Promo code applied successfully'),
  discountAmount: money(3.99),
};

export const orderResponse = {
  orderId: id(1),
  status: orderStatus('PENDING'),
  paymentStatus: regex('^(UNPAID|PAID|FAILED)$', 'UNPAID'),
  clientSecret: regex('^pi_.+_secret_.+$', 'pi_3f9a1c2b_secret_8d7e'),
  orderToken: nullValue(),
  subtotalAmount: money(10),
  taxAmount: money(1),
  shippingAmount: money(3.99),
  discountAmount: money(0),
  totalAmount: money(14.99),
  currency: 'USD',
};

const shippingAddress = {
  name: string('Ada Roast'),
  apartment: string('Suite 4'),
  country: regex('^[A-Z]{2}$', 'CA'),
  province: string('Ontario'),
  city: string('Toronto'),
  postalCode: string('M5V 2T6'),
  street: string('12 King Street West'),
  phoneNumber: regex('^[0-9]{10,15}$', '17021234567'),
  isDefault: boolean(false),
};

export const orderDetail = {
  orderId: id(1),
  status: orderStatus('PENDING'),
  paymentStatus: regex('^(UNPAID|PAID|FAILED)$', 'UNPAID'),
  email: regex('^[^@\\s]+@[^@\\s]+$', 'demo@lumen.test'),
  items: eachLike({
    productId: id(3),
    productName: string('cappucino'),
    productImg: string('/images/products/3-1.svg'),
    productCategory: regex('^(coffee_baverage|food_snack|at_home)$', 'coffee_baverage'),
    quantity: integer(2),
    price: money(5),
  }),
  subtotalAmount: money(10),
  taxAmount: money(1),
  shippingAmount: money(3.99),
  discountAmount: money(0),
  totalAmount: money(14.99),
  paymentMethod: regex(PAYMENT_METHOD, 'card'),
  shippingMethod: string('Standard Shipping'),
  shippingAddress,
  promoCode: nullValue(),
  createdAt: isoDateTime(),
  // Why the last card payment failed (PAYMENT_FAILED orders only); the confirmation page says it.
  paymentError: nullValue(),
};

export const orderStatusEvent = {
  status: orderStatus('PENDING'),
  at: isoDateTime(),
  note: string('Order placed'),
};

export const paymentIntent = (status: 'requires_payment_method' | 'succeeded') => ({
  id: regex('^pi_.+$', 'pi_3f9a1c2b'),
  clientSecret: regex('^pi_.+_secret_.+$', 'pi_3f9a1c2b_secret_8d7e'),
  amount: integer(1499),
  currency: 'usd',
  status,
  lastPaymentError: nullValue(),
});

/** The one error body. `code` is exact: the client branches on it. */
export function errorBody(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return {
    status: integer(status),
    code,
    message: string(message),
    path: string('/api/v1/example'),
    timestamp: isoDateTime(),
    ...extra,
  };
}
