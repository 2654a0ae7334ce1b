import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createAddress,
  deleteAddress,
  getAccountUser,
  listAccountOrders,
  listAddresses,
  setDefaultAddress,
  updateAccountUser,
  updateAddress,
} from '../../src/api/account';
import { ApiError } from '../../src/api/api-error';
import { sampleAddress } from '../../tests/fixtures/checkout';
import { EXAMPLE_JWT, bearer, createPact, jsonRequest, useApi } from './pact-harness';
import { accountOrder, address, errorBody, jwt, user } from './response-shapes';

const { eachLike, fromProviderState, integer, string } = MatchersV3;
const contract = createPact('account');
const DEMO = 'a user demo@lumen.test exists with password coffee123';

describe('account contract', () => {
  it('reads the signed-in user', async () => {
    await contract
      .interaction('a request for the signed-in user')
      .given(DEMO)
      .withRequest('GET', '/api/v1/account/user', (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(user))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        await expect(getAccountUser(api)).resolves.toMatchObject({ email: 'demo@lumen.test' });
      });
  });

  it('answers 401 UNAUTHORIZED for an expired token and signs the client out', async () => {
    await contract
      .interaction('a request for the user with an expired token')
      .given('the session token has expired')
      .withRequest('GET', '/api/v1/account/user', (req) => req.headers(bearer))
      .willRespondWith(401, (res) =>
        res.jsonBody(
          errorBody(401, 'UNAUTHORIZED', 'Your session has expired. Please sign in again.'),
        ),
      )
      .executeTest(async (mock) => {
        const { api, onUnauthorized } = useApi(mock, { token: EXAMPLE_JWT });
        const error = await getAccountUser(api).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).isUnauthorized).toBe(true);
        expect(onUnauthorized).toHaveBeenCalledTimes(1);
      });
  });

  it('changes the username and answers a fresh token', async () => {
    await contract
      .interaction('a change of the username')
      .given(DEMO)
      .withRequest('PATCH', '/api/v1/account/user', (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody({ username: 'demo-roaster' }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({ user: { ...user, username: string('demo-roaster') }, token: jwt() }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await updateAccountUser(api, { username: 'demo-roaster' });
        expect(updated.user.username).toBe('demo-roaster');
        expect(updated.token).toMatch(/\./);
      });
  });

  it("lists the user's addresses", async () => {
    await contract
      .interaction('a request for the addresses')
      .given('the user has an address')
      .withRequest('GET', '/api/v1/account/address', (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(eachLike(address)))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const addresses = await listAddresses(api);
        expect(addresses[0]?.isDefault).toBe(true);
      });
  });

  it('adds an address', async () => {
    await contract
      .interaction('a new address')
      .given(DEMO)
      .withRequest('POST', '/api/v1/account/address', (req) =>
        req.headers({ ...bearer, ...jsonRequest }).jsonBody(sampleAddress),
      )
      .willRespondWith(201, (res) =>
        res.jsonBody({
          ...address,
          addressId: integer(2),
          name: string('Ada Roast'),
          apartment: null,
          isDefault: false,
        }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const created = await createAddress(api, sampleAddress);
        expect(created).toMatchObject({ addressId: 2, isDefault: false, apartment: null });
      });
  });

  it('replaces an address', async () => {
    await contract
      .interaction('a change of an address')
      .given('the user has an address')
      .withRequest(
        'PUT',
        fromProviderState('/api/v1/account/address/${addressId}', '/api/v1/account/address/1'),
        (req) =>
          req
            .headers({ ...bearer, ...jsonRequest })
            .jsonBody({ ...sampleAddress, apartment: 'Suite 4', city: 'Ottawa', isDefault: true }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody({
          ...address,
          apartment: string('Suite 4'),
          city: string('Ottawa'),
          isDefault: true,
        }),
      )
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const updated = await updateAddress(api, 1, {
          ...sampleAddress,
          apartment: 'Suite 4',
          city: 'Ottawa',
          isDefault: true,
        });
        expect(updated.city).toBe('Ottawa');
      });
  });

  it('deletes an address', async () => {
    await contract
      .interaction('a deletion of an address')
      .given('the user has an address')
      .withRequest(
        'DELETE',
        fromProviderState('/api/v1/account/address/${addressId}', '/api/v1/account/address/1'),
        (req) => req.headers(bearer),
      )
      .willRespondWith(204)
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        await expect(deleteAddress(api, 1)).resolves.toBeUndefined();
      });
  });

  it('makes another address the default', async () => {
    await contract
      .interaction('a request to make the second address the default')
      .given('the user has two addresses')
      .withRequest(
        'PATCH',
        fromProviderState(
          '/api/v1/account/address/${addressId}/default',
          '/api/v1/account/address/2/default',
        ),
        (req) => req.headers(bearer),
      )
      .willRespondWith(200, (res) => res.jsonBody(eachLike({ ...address, addressId: integer(2) })))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const addresses = await setDefaultAddress(api, 2);
        expect(addresses[0]).toMatchObject({ addressId: 2, isDefault: true });
      });
  });

  it("lists the user's orders", async () => {
    await contract
      .interaction('a request for the order history')
      .given('the user has placed an order')
      .withRequest('GET', '/api/v1/account/orders', (req) => req.headers(bearer))
      .willRespondWith(200, (res) => res.jsonBody(eachLike(accountOrder)))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const orders = await listAccountOrders(api);
        expect(orders[0]?.status).toBe('PENDING');
      });
  });

  it("filters the user's orders by status and search", async () => {
    await contract
      .interaction('a request for the pending orders matching cappucino')
      .given('the user has placed an order')
      .withRequest('GET', '/api/v1/account/orders', (req) =>
        req.headers(bearer).query({ status: 'PENDING', search: 'cappucino' }),
      )
      .willRespondWith(200, (res) => res.jsonBody(eachLike(accountOrder)))
      .executeTest(async (mock) => {
        const { api } = useApi(mock, { token: EXAMPLE_JWT });
        const orders = await listAccountOrders(api, { status: 'PENDING', search: 'cappucino' });
        expect(orders).toHaveLength(1);
      });
  });
});
