import { mutationOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  createAddress,
  deleteAddress,
  setDefaultAddress,
  updateAccountUser,
  updateAddress,
} from './account';
import { accountKeys } from './account.queries';
import type { ApiError } from './api-error';
import { changePassword } from './auth';
import { apiOf } from './client';
import type { Address, AddressInput, Id, User } from './types';

/** The one mutation key every account write carries (as its prefix). */
export const accountMutationKey = [...accountKeys.all, 'mutation'] as const;

/** The account settings form's values, checked by its schema (spec §2, D7). */
type AccountSettings = {
  username: string;
  email: string;
  /** Needed for a new email or a new password (the server asks for it, issue 15). */
  currentPassword: string;
  /** Empty: the password stays. */
  newPassword: string;
};

type SaveAccountSettings = {
  /** The account as the form started from: only what differs from it is sent. */
  user: User;
  settings: AccountSettings;
};

type SaveAddress = {
  /** The address being edited; undefined adds a new one. */
  addressId?: Id | undefined;
  address: AddressInput;
};

/**
 * Mutation options for every account write, e.g.
 * `useMutation(accountMutations(queryClient).saveAddress)` then `mutate({ address })`. As with
 * the cart's (cart.mutations.ts), the cache work lives in the options' own `onSuccess` (or, for a
 * write made of two requests, right after the request it follows), so a caller reacts with
 * `mutate(variables, { onSuccess, onError })` and never replaces it. Everything under
 * `accountKeys.all` is refetched after a write: the account page's card and the user's phone
 * follow the addresses, the user follows the settings.
 */
export function accountMutations(queryClient: QueryClient) {
  const refreshAccount = () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
  return {
    /**
     * Saves the account settings: the name and email that changed (one request), then the
     * password when a new one is given (another). Each answers a fresh token, handed to
     * `renewToken` before the next request goes out: the token's subject and username follow
     * the change, and older tokens stop working once the password changed. Resolves whether
     * anything was saved (false: nothing differed).
     */
    saveSettings: (renewToken: (token: string) => void) =>
      mutationOptions<boolean, ApiError, SaveAccountSettings>({
        mutationKey: [...accountMutationKey, 'saveSettings'],
        mutationFn: async ({ user, settings }, { client }) => {
          const api = apiOf(client);
          const changes = {
            ...(settings.username !== user.username ? { username: settings.username } : {}),
            // A new email takes the current password (the server asks for it, issue 15).
            ...(settings.email !== user.email
              ? { email: settings.email, currentPassword: settings.currentPassword }
              : {}),
          };
          let saved = false;
          if (Object.keys(changes).length > 0) {
            const answer = await updateAccountUser(api, changes);
            renewToken(answer.token);
            queryClient.setQueryData(accountKeys.user(), answer.user);
            saved = true;
          }
          if (settings.newPassword !== '') {
            const { token } = await changePassword(api, {
              currentPassword: settings.currentPassword,
              newPassword: settings.newPassword,
            });
            renewToken(token);
            saved = true;
          }
          return saved;
        },
        onSuccess: async (saved) => {
          if (saved) await refreshAccount();
        },
      }),
    /** Adds an address, or replaces the one named by `addressId`. */
    saveAddress: mutationOptions<Address, ApiError, SaveAddress>({
      mutationKey: [...accountMutationKey, 'saveAddress'],
      mutationFn: ({ addressId, address }, { client }) =>
        addressId === undefined
          ? createAddress(apiOf(client), address)
          : updateAddress(apiOf(client), addressId, address),
      onSuccess: () => refreshAccount(),
    }),
    deleteAddress: mutationOptions<void, ApiError, Id>({
      mutationKey: [...accountMutationKey, 'deleteAddress'],
      mutationFn: (addressId, { client }) => deleteAddress(apiOf(client), addressId),
      onSuccess: () => refreshAccount(),
    }),
    /** The answer is every address, the new default first: the list shows it at once. */
    makeDefaultAddress: mutationOptions<Address[], ApiError, Id>({
      mutationKey: [...accountMutationKey, 'makeDefaultAddress'],
      mutationFn: (addressId, { client }) => setDefaultAddress(apiOf(client), addressId),
      onSuccess: async (addresses) => {
        queryClient.setQueryData(accountKeys.addresses(), addresses);
        await refreshAccount();
      },
    }),
  };
}
