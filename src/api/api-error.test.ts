import { describe, expect, it } from 'vitest';
import { ApiError, GENERIC_ERROR_MESSAGE, isApiError } from './api-error';

describe('ApiError.fromBody', () => {
  it('reads code, message, fields and totals from the documented body', () => {
    const error = ApiError.fromBody(
      409,
      JSON.stringify({
        status: 409,
        code: 'TOTALS_MISMATCH',
        message: 'The order total has changed. Please review the new total.',
        totals: { subtotal: 10, tax: 1, shipping: 3.99, discount: 0, total: 14.99 },
      }),
    );
    expect(error.code).toBe('TOTALS_MISMATCH');
    expect(error.totals?.total).toBe(14.99);
    expect(isApiError(error)).toBe(true);
  });

  it('falls back on the status for an empty or unknown body', () => {
    expect(ApiError.fromBody(404, '')).toMatchObject({
      code: 'NOT_FOUND',
      message: GENERIC_ERROR_MESSAGE,
    });
    expect(ApiError.fromBody(418, '{"code":"TEAPOT"}')).toMatchObject({
      code: 'UNKNOWN',
      status: 418,
    });
    expect(ApiError.fromBody(401, 'not json')).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('keeps only string field messages and only complete totals', () => {
    const error = ApiError.fromBody(
      400,
      JSON.stringify({
        code: 'VALIDATION_FAILED',
        message: 'x',
        fields: { a: 'A', b: 3 },
        totals: { total: 1 },
      }),
    );
    expect(error.fields).toEqual({ a: 'A' });
    expect(error.totals).toBeUndefined();
    expect(error.hasFieldErrors).toBe(true);
  });

  it('knows the codes the contract added late, and carries retryAfter', () => {
    for (const code of ['ORDER_CANCELLED', 'IDEMPOTENCY_CONFLICT', 'TOO_MANY_REQUESTS'] as const) {
      expect(ApiError.fromBody(409, JSON.stringify({ code, message: 'm' })).code).toBe(code);
    }
    const throttled = ApiError.fromBody(
      429,
      JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: 'Slow down', retryAfter: 42 }),
    );
    expect(throttled).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: 42 });
    expect(ApiError.fromBody(429, '')).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      retryAfter: undefined,
    });
    expect(ApiError.fromBody(429, '{"retryAfter":-3}').retryAfter).toBeUndefined();
  });
});
