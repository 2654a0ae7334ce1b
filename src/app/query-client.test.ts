import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { apiOf, createApiClient } from '../api/client';
import { createQueryClient, shouldRetryQuery } from './query-client';

function apiError(status: number): ApiError {
  return ApiError.fromBody(status, '');
}

describe('shouldRetryQuery', () => {
  it.each([400, 401, 403, 404, 409, 422])('does not retry a %i answer', (status) => {
    expect(shouldRetryQuery(0, apiError(status))).toBe(false);
  });

  it.each([500, 502, 503, 504])('retries a %i answer once', (status) => {
    expect(shouldRetryQuery(0, apiError(status))).toBe(true);
    expect(shouldRetryQuery(1, apiError(status))).toBe(false);
  });

  it('retries a request that got no answer once', () => {
    expect(shouldRetryQuery(0, ApiError.network())).toBe(true);
    expect(shouldRetryQuery(1, ApiError.network())).toBe(false);
  });

  it('retries an unexpected error once', () => {
    expect(shouldRetryQuery(0, new TypeError('boom'))).toBe(true);
    expect(shouldRetryQuery(1, new TypeError('boom'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  const api = () => createApiClient({ baseUrl: 'https://shop.example' });

  it('is born with the API client its query and mutation functions use', () => {
    const own = api();
    expect(apiOf(createQueryClient(own))).toBe(own);
  });

  // The retry delay is real time; the 404 case must settle without waiting for one.
  async function fetchWith(client: QueryClient, error: unknown) {
    const queryFn = vi.fn().mockRejectedValue(error);
    await client
      .fetchQuery({ queryKey: ['x'], queryFn, retryDelay: 0 })
      .catch((reason: unknown) => reason);
    return queryFn;
  }

  it('asks once for a 404', async () => {
    const queryFn = await fetchWith(createQueryClient(api()), apiError(404));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('asks twice when the server is unavailable', async () => {
    const queryFn = await fetchWith(createQueryClient(api()), apiError(503));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
