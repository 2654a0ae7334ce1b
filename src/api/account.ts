import { apiClient, unwrap, unwrapEmpty } from './client';
import type { RequestOptions } from './client';
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

export async function getAccountUser({ signal }: RequestOptions = {}): Promise<User> {
  return unwrap(await apiClient().GET('/api/v1/account/user', { signal }));
}

/** Answers the user and a fresh token (its claims follow the change): store the token. */
export async function updateAccountUser(
  body: UpdateUserRequest,
  { signal }: RequestOptions = {},
): Promise<UserUpdate> {
  return unwrap(await apiClient().PATCH('/api/v1/account/user', { body, signal }));
}

/** Default first. */
export async function listAddresses({ signal }: RequestOptions = {}): Promise<Address[]> {
  return unwrap(await apiClient().GET('/api/v1/account/address', { signal }));
}

export async function createAddress(
  body: AddressInput,
  { signal }: RequestOptions = {},
): Promise<Address> {
  return unwrap(await apiClient().POST('/api/v1/account/address', { body, signal }));
}

export async function updateAddress(
  addressId: Id,
  body: AddressInput,
  { signal }: RequestOptions = {},
): Promise<Address> {
  return unwrap(
    await apiClient().PUT('/api/v1/account/address/{addressId}', {
      params: { path: { addressId } },
      body,
      signal,
    }),
  );
}

export async function deleteAddress(addressId: Id, { signal }: RequestOptions = {}): Promise<void> {
  unwrapEmpty(
    await apiClient().DELETE('/api/v1/account/address/{addressId}', {
      params: { path: { addressId } },
      signal,
    }),
  );
}

/** Answers every address, the new default first. */
export async function setDefaultAddress(
  addressId: Id,
  { signal }: RequestOptions = {},
): Promise<Address[]> {
  return unwrap(
    await apiClient().PATCH('/api/v1/account/address/{addressId}/default', {
      params: { path: { addressId } },
      signal,
    }),
  );
}

/** Order history, newest first; `status` and `search` filter on the server. */
export async function listAccountOrders(
  params: AccountOrdersParams = {},
  { signal }: RequestOptions = {},
): Promise<AccountOrder[]> {
  return unwrap(
    await apiClient().GET('/api/v1/account/orders', { params: { query: params }, signal }),
  );
}
