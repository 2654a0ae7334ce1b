import { MutationObserver, QueryClient, type MutationObserverOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeApi, errorAnswer, type FakeApi } from '../../tests/support/fake-api';
import { accountMutationKey, accountMutations } from './account.mutations';
import { accountKeys } from './account.queries';
import type { ApiError } from './api-error';
import { bindApi, createApiClient } from './client';
import type { Address, AddressInput, User } from './types';

const user: User = { userId: 1, username: 'demo-shopper', email: 'demo@lumen.test', phone: null };

const input: AddressInput = {
  name: 'Ada Lovelace',
  apartment: null,
  country: 'CA',
  province: 'BC',
  city: 'Vancouver',
  postalCode: 'V6B 1A1',
  street: '1 Main St',
  phoneNumber: '17021234567',
  isDefault: false,
};

const home: Address = { ...input, addressId: 4, apartment: null, isDefault: true };
const work: Address = {
  ...input,
  addressId: 9,
  name: 'Ada at work',
  apartment: '2B',
  isDefault: false,
};

let api: FakeApi;
let queryClient: QueryClient;

beforeEach(() => {
  api = createFakeApi();
  queryClient = bindApi(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    createApiClient({ baseUrl: 'https://shop.example', fetch: api.fetch }),
  );
  // What the account pages have read: everything under accountKeys.all.
  queryClient.setQueryData(accountKeys.user(), user);
  queryClient.setQueryData(accountKeys.addresses(), [home, work]);
  queryClient.setQueryData(accountKeys.orders(), []);
});

afterEach(() => queryClient.clear());

/** Runs one mutation outside React, as a page's useMutation would. */
function run<TData, TVariables>(
  options: MutationObserverOptions<TData, ApiError, TVariables>,
  variables: TVariables,
): Promise<TData> {
  return new MutationObserver(queryClient, options).mutate(variables);
}

const mutations = () => accountMutations(queryClient);

const routes = () => api.calls.map((call) => call.route);

/** Which of the account's reads are marked stale (refetched when next shown). */
function stale() {
  return [accountKeys.user(), accountKeys.addresses(), accountKeys.orders()].filter(
    (key) => queryClient.getQueryState(key)?.isInvalidated,
  );
}

const everyAccountRead = [accountKeys.user(), accountKeys.addresses(), accountKeys.orders()];

describe('saving the account settings', () => {
  const unchanged = {
    username: user.username,
    email: user.email,
    currentPassword: '',
    newPassword: '',
  };

  it('sends a new name alone, hands the session its token and shows the answered user', async () => {
    const renamed = { ...user, username: 'ada-lovelace' };
    api.on({ 'PATCH /api/v1/account/user': { user: renamed, token: 'token-after-rename' } });
    const tokens: string[] = [];

    const saved = await run(
      mutations().saveSettings((token) => tokens.push(token)),
      {
        user,
        settings: { ...unchanged, username: 'ada-lovelace' },
      },
    );

    expect(saved).toBe(true);
    expect(routes()).toEqual(['PATCH /api/v1/account/user']);
    expect(api.callsTo('PATCH /api/v1/account/user')[0]?.body).toEqual({
      username: 'ada-lovelace',
    });
    expect(tokens).toEqual(['token-after-rename']);
    expect(queryClient.getQueryData(accountKeys.user())).toEqual(renamed);
    expect(stale()).toEqual(everyAccountRead);
  });

  it('sends a new email with the current password (the server asks for it)', async () => {
    api.on({
      'PATCH /api/v1/account/user': { user: { ...user, email: 'ada@lumen.test' }, token: 't' },
    });

    await run(
      mutations().saveSettings(() => undefined),
      {
        user,
        settings: { ...unchanged, email: 'ada@lumen.test', currentPassword: 'old-secret' },
      },
    );

    expect(api.callsTo('PATCH /api/v1/account/user')[0]?.body).toEqual({
      email: 'ada@lumen.test',
      currentPassword: 'old-secret',
    });
  });

  it('changes the password alone with the current one, and hands over its token', async () => {
    api.on({ 'PATCH /api/v1/auth/password': { token: 'token-after-password' } });
    const tokens: string[] = [];

    const saved = await run(
      mutations().saveSettings((token) => tokens.push(token)),
      {
        user,
        settings: { ...unchanged, currentPassword: 'old-secret', newPassword: 'new-secret' },
      },
    );

    expect(saved).toBe(true);
    expect(routes()).toEqual(['PATCH /api/v1/auth/password']);
    expect(api.callsTo('PATCH /api/v1/auth/password')[0]?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
    });
    expect(tokens).toEqual(['token-after-password']);
    expect(queryClient.getQueryData(accountKeys.user())).toEqual(user);
    expect(stale()).toEqual(everyAccountRead);
  });

  it('renews the token after the name change before the password request goes out', async () => {
    const tokens: string[] = [];
    let tokensWhenPasswordSent: string[] = [];
    api.on({
      'PATCH /api/v1/account/user': { user: { ...user, username: 'ada-lovelace' }, token: 'first' },
      'PATCH /api/v1/auth/password': () => {
        tokensWhenPasswordSent = [...tokens];
        return { token: 'second' };
      },
    });

    await run(
      mutations().saveSettings((token) => tokens.push(token)),
      {
        user,
        settings: {
          username: 'ada-lovelace',
          email: user.email,
          currentPassword: 'old-secret',
          newPassword: 'new-secret',
        },
      },
    );

    expect(routes()).toEqual(['PATCH /api/v1/account/user', 'PATCH /api/v1/auth/password']);
    expect(tokensWhenPasswordSent).toEqual(['first']);
    expect(tokens).toEqual(['first', 'second']);
  });

  it('sends nothing and refreshes nothing when nothing changed', async () => {
    const saved = await run(
      mutations().saveSettings(() => undefined),
      { user, settings: unchanged },
    );

    expect(saved).toBe(false);
    expect(routes()).toEqual([]);
    expect(stale()).toEqual([]);
  });

  it('leaves the cache and the token as they were when the server refuses', async () => {
    api.on({
      'PATCH /api/v1/account/user': () =>
        errorAnswer(409, 'EMAIL_TAKEN', 'This email is already registered'),
    });
    const tokens: string[] = [];

    await expect(
      run(
        mutations().saveSettings((token) => tokens.push(token)),
        {
          user,
          settings: { ...unchanged, email: 'taken@lumen.test', currentPassword: 'old-secret' },
        },
      ),
    ).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });

    expect(tokens).toEqual([]);
    expect(queryClient.getQueryData(accountKeys.user())).toEqual(user);
    expect(stale()).toEqual([]);
  });
});

describe('the address book', () => {
  it('adds an address when none is named, and refreshes every account read', async () => {
    api.on({ 'POST /api/v1/account/address': { ...work, addressId: 12 } });

    await run(mutations().saveAddress, { address: input });

    expect(routes()).toEqual(['POST /api/v1/account/address']);
    expect(api.callsTo('POST /api/v1/account/address')[0]?.body).toEqual(input);
    expect(stale()).toEqual(everyAccountRead);
  });

  it('replaces the address it names', async () => {
    api.on({ 'PUT /api/v1/account/address/{addressId}': work });

    await run(mutations().saveAddress, { addressId: 9, address: input });

    expect(routes()).toEqual(['PUT /api/v1/account/address/{addressId}']);
    expect(api.calls[0]?.params).toEqual({ addressId: '9' });
    expect(api.calls[0]?.body).toEqual(input);
    expect(stale()).toEqual(everyAccountRead);
  });

  it('deletes an address and refreshes every account read', async () => {
    api.on({ 'DELETE /api/v1/account/address/{addressId}': undefined });

    await run(mutations().deleteAddress, 9);

    expect(routes()).toEqual(['DELETE /api/v1/account/address/{addressId}']);
    expect(api.calls[0]?.params).toEqual({ addressId: '9' });
    expect(stale()).toEqual(everyAccountRead);
  });

  it('makes an address the default: the answered list is shown at once, then refreshed', async () => {
    const answered = [
      { ...work, isDefault: true },
      { ...home, isDefault: false },
    ];
    api.on({ 'PATCH /api/v1/account/address/{addressId}/default': answered });

    await run(mutations().makeDefaultAddress, 9);

    expect(routes()).toEqual(['PATCH /api/v1/account/address/{addressId}/default']);
    expect(api.calls[0]?.params).toEqual({ addressId: '9' });
    expect(queryClient.getQueryData(accountKeys.addresses())).toEqual(answered);
    expect(stale()).toEqual(everyAccountRead);
  });

  it('leaves the list as it was when the server refuses', async () => {
    api.on({
      'DELETE /api/v1/account/address/{addressId}': () =>
        errorAnswer(404, 'NOT_FOUND', 'Address not found'),
    });

    await expect(run(mutations().deleteAddress, 9)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    expect(queryClient.getQueryData(accountKeys.addresses())).toEqual([home, work]);
    expect(stale()).toEqual([]);
  });

  it('every account write carries the one account mutation key while it is out', async () => {
    let answer: () => void = () => undefined;
    api.on({
      'DELETE /api/v1/account/address/{addressId}': () =>
        new Promise<undefined>((resolve) => (answer = () => resolve(undefined))),
    });

    const deleting = run(mutations().deleteAddress, 9);
    expect(queryClient.isMutating({ mutationKey: accountMutationKey })).toBe(1);
    await expect.poll(() => api.calls.length).toBe(1);
    answer();
    await deleting;
    expect(queryClient.isMutating({ mutationKey: accountMutationKey })).toBe(0);
  });
});
