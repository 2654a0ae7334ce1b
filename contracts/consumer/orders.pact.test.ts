import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import {
  claimGuestOrders,
  createOrder,
  getOrder,
  getOrderHistory,
  moveOrderOn,
  updateOrderStatus,
} from '../../src/api/orders';
import { createPaymentIntent, payOrder } from '../../src/api/payment';
import type { OrderRequest } from '../../src/api/types';
import { sampleOrderRequest } from '../../tests/fixtures/checkout';
import {
  EXAMPLE_CART_TOKEN,
  EXAMPLE_JWT,
  EXAMPLE_ORDER_TOKEN,
  bearer,
  createPact,
  guestCartHeader,
  guestOrderHeader,
  jsonRequest,
  useApi,
} from './pact-harness';
import {
  errorBody,
  money,
  orderDetail,
  orderResponse,
  orderStatus,
  orderStatusEvent,
  paymentIntent,
} from './response-shapes';

const { eachLike, fromProviderState, nullValue, regex, string } = MatchersV3;
const contract = createPact('orders');
const DEMO = 'a user demo@lumen.test exists with password coffee123';
const AWAITING = 'the user has a card order awaiting payment';
const GUEST_ORDER = 'a guest card order exists';

const orderPath = (suffix = '') =>
  fromProviderState(`/api/v1/order/\${orderId}${suffix}`, `/api/v1/order/1${suffix}`);
const orderToken = () => regex('^[A-Za-z0-9_-]{16,200}$', 'ot_Zm9yLWV4YW1wbGUtb25seS0xMjM0');
const IDEMPOTENCY = '^[A-Za-z0-9_-]{8,100}$';

/** The request body template: loose where the client's values vary per checkout. */
function orderRequestTemplate(body: OrderRequest): Record<string, unknown> {
  return {
    ...body,
    idempotencyKey: regex(IDEMPOTENCY, body.idempotencyKey ?? ''),
    totalAmount: money(body.totalAmount),
    taxAmount: money(body.taxAmount),
    shippingAmount: money(body.shippingAmount),
    discountAmount: money(body.discountAmount),
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('orders contract: placing an order', () => {
  it('places a card order for a signed-in user', async () => {
    const body = sampleOrderRequest();
    await contract
      .interaction('a card order from the signed-in user')
      .given(DEMO)
      .withRequest('POST', '/api/v1/order', (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody(orderRequestTemplate(body)),
      )
      .willRespondWith(201, (res) => res.jsonBody(orderResponse))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const placed = await createOrder(api, body);
        expect(placed.clientSecret).toMatch(/^pi_/);
        expect(placed.orderToken).toBeNull();
      });
  });

  it('places a cash-on-delivery order (no payment intent)', async () => {
    const body = sampleOrderRequest({
      paymentMethod: 'cod',
      idempotencyKey: '0b7e5a4c-3d2f-4e1a-9c8b-7a6f5e4d3c2b',
    });
    await contract
      .interaction('a cash-on-delivery order from the signed-in user')
      .given(DEMO)
      .withRequest('POST', '/api/v1/order', (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody(orderRequestTemplate(body)),
      )
      .willRespondWith(201, (res) =>
        res.jsonBody({ ...orderResponse, status: 'PENDING', clientSecret: nullValue() }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const placed = await createOrder(api, body);
        expect(placed.status).toBe('PENDING');
        expect(placed.clientSecret).toBeNull();
      });
  });

  it('places a guest card order from the guest cart and answers an order token', async () => {
    const body = sampleOrderRequest({
      email: 'guest@lumen.test',
      idempotencyKey: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    });
    await contract
      .interaction('a card order from a guest with a cart')
      .given('a guest cart with product 3 exists')
      .withRequest('POST', '/api/v1/order', (req) =>
        // X-Cart-Token lets the server empty this guest's cart once the order is paid.
        req.headers({ ...jsonRequest, ...guestCartHeader }).jsonBody(orderRequestTemplate(body)),
      )
      .willRespondWith(201, (res) => res.jsonBody({ ...orderResponse, orderToken: orderToken() }))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { cartToken: EXAMPLE_CART_TOKEN });
        const placed = await createOrder(api, body);
        expect(placed.orderToken).toMatch(/^ot_/);
      });
  });

  it('answers 400 with a field map for a missing postal code', async () => {
    const base = sampleOrderRequest({ idempotencyKey: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b' });
    const body = sampleOrderRequest({
      ...base,
      shippingAddress: { ...base.shippingAddress, postalCode: '' },
    });
    await contract
      .interaction('an order without a postal code')
      .given('products exist')
      .withRequest('POST', '/api/v1/order', (req) =>
        req
          .headers(jsonRequest)
          .jsonBody({ ...body, idempotencyKey: regex(IDEMPOTENCY, body.idempotencyKey ?? '') }),
      )
      .willRespondWith(400, (res) =>
        res.jsonBody(
          errorBody(400, 'VALIDATION_FAILED', 'Request validation failed', {
            fields: { 'shippingAddress.postalCode': string('Postal Code is required') },
          }),
        ),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const error = await rejection(createOrder(api, body));
        expect(error.isValidation).toBe(true);
        expect(error.fieldError('shippingAddress.postalCode')).toBe('Postal Code is required');
      });
  });

  it('refuses totals that differ from the server and answers its totals', async () => {
    const body = sampleOrderRequest({
      email: 'guest@lumen.test',
      totalAmount: 12,
      idempotencyKey: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
    });
    await contract
      .interaction('an order whose total differs from the server total')
      .given('products exist')
      .withRequest('POST', '/api/v1/order', (req) =>
        req.headers(jsonRequest).jsonBody(orderRequestTemplate(body)),
      )
      .willRespondWith(409, (res) =>
        res.jsonBody(
          errorBody(
            409,
            'TOTALS_MISMATCH',
            'The order total has changed. Please review the new total.',
            {
              totals: {
                subtotal: money(10),
                tax: money(1),
                shipping: money(3.99),
                discount: money(0),
                total: money(14.99),
              },
            },
          ),
        ),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const error = await rejection(createOrder(api, body));
        expect(error.isTotalsMismatch).toBe(true);
        expect(error.totals).toEqual({
          subtotal: 10,
          tax: 1,
          shipping: 3.99,
          discount: 0,
          total: 14.99,
        });
      });
  });
});

describe('orders contract: following an order', () => {
  it("reads the user's order", async () => {
    await contract
      .interaction("a request for the user's order")
      .given(AWAITING)
      .withRequest('GET', orderPath(), (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(orderDetail))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const order = await getOrder(api, 1);
        expect(order.items[0]?.productId).toBe(3);
        expect(order.shippingAddress.postalCode).toBe('M5V 2T6');
      });
  });

  it('reads a guest order with its order token', async () => {
    await contract
      .interaction('a request for a guest order with its order token')
      .given(GUEST_ORDER)
      .withRequest('GET', orderPath(), (req) => req.headers(guestOrderHeader))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          ...orderDetail,
          email: regex('^[^@\\s]+@[^@\\s]+$', 'guest@lumen.test'),
        }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const order = await getOrder(api, 1, { orderToken: EXAMPLE_ORDER_TOKEN });
        expect(order.email).toBe('guest@lumen.test');
      });
  });

  it("reads a guest order whose card was declined, with the card issuer's reason", async () => {
    await contract
      .interaction('a request for a guest order whose card payment was declined')
      .given('a guest card order whose card was declined')
      .withRequest('GET', orderPath(), (req) => req.headers(guestOrderHeader))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          ...orderDetail,
          status: 'PAYMENT_FAILED',
          paymentStatus: 'FAILED',
          email: regex('^[^@\\s]+@[^@\\s]+$', 'guest@lumen.test'),
          paymentError: string('Your card was declined.'),
        }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const order = await getOrder(api, 1, { orderToken: EXAMPLE_ORDER_TOKEN });
        expect(order.status).toBe('PAYMENT_FAILED');
        expect(order.paymentError).toBe('Your card was declined.');
      });
  });

  it('answers 404 for a guest order read without its token', async () => {
    await contract
      .interaction('a request for a guest order without its order token')
      .given(GUEST_ORDER)
      .withRequest('GET', orderPath())
      .willRespondWith(404, (res) => res.jsonBody(errorBody(404, 'NOT_FOUND', 'Order not found')))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const error = await rejection(getOrder(api, 1));
        expect(error.isNotFound).toBe(true);
      });
  });

  it("reads the order's status history", async () => {
    await contract
      .interaction("a request for the user's order history")
      .given(AWAITING)
      .withRequest('GET', orderPath('/history'), (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(eachLike(orderStatusEvent)))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const history = await getOrderHistory(api, 1);
        expect(history[0]?.status).toBe('PENDING');
      });
  });

  it("reads a guest order's status history with its order token", async () => {
    await contract
      .interaction("a request for a guest order's history with its order token")
      .given(GUEST_ORDER)
      .withRequest('GET', orderPath('/history'), (req) => req.headers(guestOrderHeader))
      .willRespondWith(200, (res) => res.jsonBody(eachLike(orderStatusEvent)))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const history = await getOrderHistory(api, 1, { orderToken: EXAMPLE_ORDER_TOKEN });
        expect(history).toHaveLength(1);
      });
  });
});

describe('orders contract: paying', () => {
  it("answers the card order's payment intent", async () => {
    await contract
      .interaction('a request for the payment intent of the user order')
      .given(AWAITING)
      .withRequest('POST', '/api/v1/payment/create-payment-intent', (req) =>
        req
          .headers({ ...bearer, ...jsonRequest })
          .jsonBody({ orderId: fromProviderState('${orderId}', 1) }),
      )
      .willRespondWith(200, (res) => res.jsonBody(paymentIntent('requires_payment_method')))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const intent = await createPaymentIntent(api, { orderId: 1 });
        expect(intent.status).toBe('requires_payment_method');
      });
  });

  it("answers a guest order's payment intent with its order token", async () => {
    await contract
      .interaction('a request for the payment intent of a guest order with its order token')
      .given(GUEST_ORDER)
      .withRequest('POST', '/api/v1/payment/create-payment-intent', (req) =>
        req
          .headers({ ...guestOrderHeader, ...jsonRequest })
          .jsonBody({ orderId: fromProviderState('${orderId}', 1) }),
      )
      .willRespondWith(200, (res) => res.jsonBody(paymentIntent('requires_payment_method')))
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const intent = await createPaymentIntent(
          api,
          { orderId: 1 },
          { orderToken: EXAMPLE_ORDER_TOKEN },
        );
        expect(intent.clientSecret).toMatch(/_secret_/);
      });
  });

  it('refuses PAID before the payment is confirmed', async () => {
    await contract
      .interaction('a request to mark an unpaid card order PAID')
      .given(AWAITING)
      .withRequest('PATCH', orderPath('/status'), (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody({ status: 'PAID' }),
      )
      .willRespondWith(409, (res) =>
        res.jsonBody(
          errorBody(
            409,
            'PAYMENT_NOT_CONFIRMED',
            'The payment for this order has not been confirmed',
          ),
        ),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const error = await rejection(updateOrderStatus(api, 1, { status: 'PAID' }));
        expect(error.isPaymentNotConfirmed).toBe(true);
      });
  });

  it('marks the order PAID once the payment succeeded', async () => {
    await contract
      .interaction('a request to mark a card order with a succeeded payment PAID')
      .given('the user has a card order whose payment succeeded')
      .withRequest('PATCH', orderPath('/status'), (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody({ status: 'PAID' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({ ...orderResponse, status: orderStatus('PAID'), paymentStatus: 'PAID' }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const order = await updateOrderStatus(api, 1, { status: 'PAID' });
        expect(order.status).toBe('PAID');
      });
  });

  it('records a failed payment', async () => {
    await contract
      .interaction('a request to mark a pending card order PAYMENT_FAILED')
      .given(AWAITING)
      .withRequest('PATCH', orderPath('/status'), (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody({ status: 'PAYMENT_FAILED' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          ...orderResponse,
          status: orderStatus('PAYMENT_FAILED'),
          paymentStatus: 'FAILED',
        }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const order = await updateOrderStatus(api, 1, { status: 'PAYMENT_FAILED' });
        expect(order.paymentStatus).toBe('FAILED');
      });
  });

  it("records a guest's failed payment with the order token", async () => {
    await contract
      .interaction('a request from a guest to mark the order PAYMENT_FAILED with its order token')
      .given(GUEST_ORDER)
      .withRequest('PATCH', orderPath('/status'), (req) =>
        req.headers({ ...guestOrderHeader, ...jsonRequest }).jsonBody({ status: 'PAYMENT_FAILED' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          ...orderResponse,
          status: orderStatus('PAYMENT_FAILED'),
          paymentStatus: 'FAILED',
          orderToken: orderToken(),
        }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const order = await updateOrderStatus(
          api,
          1,
          { status: 'PAYMENT_FAILED' },
          { orderToken: EXAMPLE_ORDER_TOKEN },
        );
        expect(order.status).toBe('PAYMENT_FAILED');
      });
  });
});

describe('orders contract: the shop moves an order on (issue 28)', () => {
  const OWNER_AND_COD_ORDER = 'a cash-on-delivery order exists and the shop owner has signed in';

  it('marks a cash-on-delivery order shipped', async () => {
    await contract
      .interaction('a request from the shop owner to mark a cash-on-delivery order SHIPPED')
      .given(OWNER_AND_COD_ORDER)
      .withRequest('PATCH', orderPath('/status'), (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody({ status: 'SHIPPED' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          ...orderResponse,
          status: orderStatus('SHIPPED'),
          paymentStatus: 'UNPAID',
          clientSecret: nullValue(),
          orderToken: orderToken(),
        }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const order = await moveOrderOn(api, 1, 'SHIPPED');
        expect(order.status).toBe('SHIPPED');
      });
  });

  it('refuses a shopper who is not the shop', async () => {
    await contract
      .interaction('a request from a shopper to mark an order SHIPPED')
      .given(AWAITING)
      .withRequest('PATCH', orderPath('/status'), (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody({ status: 'SHIPPED' }),
      )
      .willRespondWith(403, (res) =>
        res.jsonBody(
          errorBody(
            403,
            'FORBIDDEN',
            'Only the shop can mark an order shipped, delivered or cancelled.',
          ),
        ),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const error = await rejection(moveOrderOn(api, 1, 'SHIPPED'));
        expect(error.status).toBe(403);
      });
  });
});

describe('orders contract: a guest signs in and keeps its orders (issue 30)', () => {
  const SIGNED_IN_AFTER_GUEST_ORDER =
    'a guest card order exists and the user demo@lumen.test has signed in';

  it("joins the guest's orders to the account by their order tokens", async () => {
    await contract
      .interaction('a request to join guest orders to the signed-in account')
      .given(SIGNED_IN_AFTER_GUEST_ORDER)
      .withRequest('POST', '/api/v1/orders/claim', (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody({
          orderTokens: [fromProviderState('${orderToken}', EXAMPLE_ORDER_TOKEN)],
        }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({ orderIds: [fromProviderState('${orderId}', 1)] }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const claimed = await claimGuestOrders(api, [EXAMPLE_ORDER_TOKEN]);
        expect(claimed.orderIds).toEqual([1]);
      });
  });

  it('answers no order, and no reason, for a token that joins nothing', async () => {
    await contract
      .interaction('a request to join guest orders with a token that matches none')
      .given(SIGNED_IN_AFTER_GUEST_ORDER)
      .withRequest('POST', '/api/v1/orders/claim', (req) =>
        req
          .headers({ ...bearer, ...jsonRequest })
          .jsonBody({ orderTokens: ['ot_not-this-browsers-order'] }),
      )
      .willRespondWith(200, (res) => res.jsonBody({ orderIds: [] }))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        expect(await claimGuestOrders(api, ['ot_not-this-browsers-order'])).toEqual({
          orderIds: [],
        });
      });
  });
});

describe('orders contract: Pay now from any tab or device (issue 30, ADR-0058)', () => {
  it("pays the owner's declined card order again with its bearer token", async () => {
    await contract
      .interaction("a request to pay the user's declined card order again")
      .given('the user has a card order whose card was declined')
      .withRequest('POST', orderPath('/payment'), (req) => req.headers(bearer))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          ...orderResponse,
          orderId: fromProviderState('${orderId}', 1),
          status: orderStatus('PAYMENT_FAILED'),
          paymentStatus: 'FAILED',
          clientSecret: fromProviderState('${clientSecret}', 'pi_3f9a1c2b_secret_8d7e'),
        }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const order = await payOrder(api, 1);
        expect(order.clientSecret).toMatch(/_secret_/);
      });
  });

  it("pays a guest's declined card order again with its order token", async () => {
    await contract
      .interaction("a request to pay a guest's declined card order again with its order token")
      .given('a guest card order whose card was declined')
      .withRequest('POST', orderPath('/payment'), (req) => req.headers(guestOrderHeader))
      .willRespondWith(200, (res) =>
        res.jsonBody({
          ...orderResponse,
          orderId: fromProviderState('${orderId}', 1),
          status: orderStatus('PAYMENT_FAILED'),
          paymentStatus: 'FAILED',
          clientSecret: fromProviderState('${clientSecret}', 'pi_3f9a1c2b_secret_8d7e'),
          orderToken: orderToken(),
        }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock);
        const order = await payOrder(api, 1, { orderToken: EXAMPLE_ORDER_TOKEN });
        expect(order.orderId).toBe(1);
        expect(order.clientSecret).toMatch(/_secret_/);
      });
  });
});
