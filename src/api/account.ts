import { unwrap, unwrapEmpty } from './client';
import type { ApiClient, RequestOptions } from './client';
import type {
  AccountOrder,
  AccountOrdersParams,
  Address,
  AddressInput,
  Id,
  UpdateUserRequest,
  User,
  UserUpdate,
} from './types';

export async function getAccountUser(
  api: ApiClient,
  { signal }: RequestOptions = {},
): Promise<User> {
  return unwrap(await api.GET('/api/v1/account/user', { signal }));
}

/** Answers the user and a fresh token (its claims follow the change): store the token. */
export async function updateAccountUser(
  api: ApiClient,
  body: UpdateUserRequest,
  { signal }: RequestOptions = {},
): Promise<UserUpdate> {
  return unwrap(await api.PATCH('/api/v1/account/user', { body, signal }));
}

/** Default first. */
export async function listAddresses(
  api: ApiClient,
  { signal }: RequestOptions = {},
): Promise<Address[]> {
  return unwrap(await api.GET('/api/v1/account/address', { signal }));
}

export async function createAddress(
  api: ApiClient,
  body: AddressInput,
  { signal }: RequestOptions = {},
): Promise<Address> {
  return unwrap(await api.POST('/api/v1/account/address', { body, signal }));
}

export async function updateAddress(
  api: ApiClient,
  addressId: Id,
  body: AddressInput,
  { signal }: RequestOptions = {},
): Promise<Address> {
  return unwrap(
    await api.PUT('/api/v1/account/address/{addressId}', {
      params: { path: { addressId } },
      body,
      signal,
    }),
  );
}

export async function deleteAddress(
  api: ApiClient,
  addressId: Id,
  { signal }: RequestOptions = {},
): Promise<void> {
  unwrapEmpty(
    await api.DELETE('/api/v1/account/address/{addressId}', {
      params: { path: { addressId } },
      signal,
    }),
  );
}

/** Answers every address, the new default first. */
export async function setDefaultAddress(
  api: ApiClient,
  addressId: Id,
  { signal }: RequestOptions = {},
): Promise<Address[]> {
  return unwrap(
    await api.PATCH('/api/v1/account/address/{addressId}/default', {
      params: { path: { addressId } },
      signal,
    }),
  );
}

/** Order history, newest first; `status` and `search` filter on the server. */
export async function listAccountOrders(
  api: ApiClient,
  params: AccountOrdersParams = {},
  { signal }: RequestOptions = {},
): Promise<AccountOrder[]> {
  return unwrap(await api.GET('/api/v1/account/orders', { params: { query: params }, signal }));
}
