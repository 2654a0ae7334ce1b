import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../ui/toast';
import { css } from 'styled-system/css';
import { accountMutations } from '../../api/account.mutations';
import { accountQueries } from '../../api/account.queries';
import { isApiError } from '../../api/api-error';
import type { Address, AddressInput } from '../../api/types';
import { addressFormValues, emptyShippingAddress } from '../../components/address.schema';
import { Button } from '../../ui/button';
import { Dialog, DialogClose } from '../../ui/dialog';
import { LinkButton } from '../../ui/link-button';
import { PageContainer } from '../../ui/page-container';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../../lib/paths';
import { Spinner } from '../../ui/spinner';
import { AddressForm } from './address-form';
import { countryName } from '../../lib/countries';

type Editing = { mode: 'add' } | { mode: 'edit'; address: Address };

function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : 'Something went wrong. Please try again.';
}

/** /account/address (spec §2, D7): the shopper's real addresses, with add, edit, delete, default. */
export function AddressListPage() {
  const queryClient = useQueryClient();
  const addresses = useQuery(accountQueries.addresses());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);

  // The writes and their cache work live in src/api (account.mutations.ts): the page sends
  // them and reacts to each answer.
  const mutations = accountMutations(queryClient);
  const save = useMutation(mutations.saveAddress);
  const remove = useMutation(mutations.deleteAddress);
  const makeDefault = useMutation(mutations.makeDefaultAddress);

  const saveAddress = (editing: Editing, address: AddressInput) =>
    save.mutateAsync(
      { addressId: editing.mode === 'edit' ? editing.address.addressId : undefined, address },
      {
        onSuccess: () => {
          setEditing(null);
          toast.success(editing.mode === 'edit' ? 'Address updated' : 'Address added');
        },
        // Field messages go under the fields (AddressForm's onSubmitAsync); others are a toast.
        onError: (error) => {
          if (!(isApiError(error) && error.hasFieldErrors)) toast.error(errorMessage(error));
        },
      },
    );

  const deleteAddress = (address: Address) =>
    remove.mutate(address.addressId, {
      onSuccess: () => {
        setDeleting(null);
        toast.success('Address deleted');
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  const makeDefaultAddress = (address: Address) =>
    makeDefault.mutate(address.addressId, {
      onSuccess: () => toast.success('Default address updated'),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const openForm = (next: Editing) => {
    save.reset();
    setEditing(next);
  };

  return (
    <PageContainer>
      <LinkButton
        href={paths.account()}
        visual="ghost"
        size="sm"
        css={css.raw({ mb: '4', ml: '-3' })}
      >
        <span aria-hidden="true">←</span> Back
      </LinkButton>
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: '4',
        })}
      >
        <PageTitle>Address List</PageTitle>
        <Button onClick={() => openForm({ mode: 'add' })}>Add Address</Button>
      </div>

      {addresses.isPending ? (
        <Spinner label="Loading your addresses..." showLabel />
      ) : addresses.isError ? (
        <p role="alert" className={css({ color: 'danger' })}>
          Your addresses could not be loaded. Please try again later.
        </p>
      ) : addresses.data.length === 0 ? (
        <p data-testid="addresses-empty" className={css({ color: 'textMuted' })}>
          You have no saved address yet. Add one and it will be ready for your next checkout.
        </p>
      ) : (
        <ul
          className={css({
            listStyle: 'none',
            display: 'grid',
            gap: '4',
            gridTemplateColumns: { base: '1fr', md: '1fr 1fr', xl: 'repeat(3, 1fr)' },
          })}
        >
          {addresses.data.map((address) => (
            <li key={address.addressId}>
              <AddressCard
                address={address}
                settingDefault={
                  makeDefault.isPending && makeDefault.variables === address.addressId
                }
                onEdit={() => openForm({ mode: 'edit', address })}
                onDelete={() => {
                  remove.reset();
                  setDeleting(address);
                }}
                onMakeDefault={() => makeDefaultAddress(address)}
              />
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing?.mode === 'edit' ? 'Edit Address' : 'Add Address'}
        className={css({ w: 'min(94vw, 40rem)' })}
      >
        {editing ? (
          <AddressForm
            initialValues={
              editing.mode === 'edit' ? addressFormValues(editing.address) : emptyShippingAddress
            }
            submitLabel={editing.mode === 'edit' ? 'Save Address' : 'Add Address'}
            pending={save.isPending}
            onSubmit={(input) => saveAddress(editing, input)}
          />
        ) : null}
      </Dialog>

      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete this address?"
        description={
          deleting
            ? `${deleting.name}, ${deleting.street}, ${deleting.city} will be removed from your account.`
            : undefined
        }
      >
        <div className={css({ display: 'flex', justifyContent: 'flex-end', gap: '3' })}>
          <DialogClose asChild>
            <Button visual="ghost">Cancel</Button>
          </DialogClose>
          <Button
            disabled={remove.isPending}
            aria-busy={remove.isPending}
            onClick={() => {
              if (deleting) deleteAddress(deleting);
            }}
          >
            {remove.isPending ? <Spinner size="sm" label="Deleting" /> : null}
            Delete
          </Button>
        </div>
      </Dialog>
    </PageContainer>
  );
}

type AddressCardProps = {
  address: Address;
  settingDefault: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
};

function AddressCard({
  address,
  settingDefault,
  onEdit,
  onDelete,
  onMakeDefault,
}: AddressCardProps) {
  return (
    <article
      data-testid="address-card"
      aria-label={`${address.name}, ${address.street}`}
      className={css({
        h: 'full',
        display: 'flex',
        flexDirection: 'column',
        gap: '3',
        p: '5',
        borderRadius: '2xl',
        bg: 'surface',
        borderWidth: '1px',
        borderColor: address.isDefault ? 'accent' : 'border',
      })}
    >
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
        <h2 className={css({ fontWeight: 'bold', fontSize: 'lg', overflowWrap: 'anywhere' })}>
          {address.name}
        </h2>
        {address.isDefault ? (
          <span
            data-testid="default-badge"
            className={css({
              alignSelf: 'flex-start',
              px: '2.5',
              py: '0.5',
              borderRadius: 'full',
              bg: 'accent',
              color: 'accentText',
              fontSize: 'xs',
              fontWeight: 'bold',
            })}
          >
            Default
          </span>
        ) : null}
      </div>
      <address
        className={css({ fontStyle: 'normal', lineHeight: '1.7', flex: '1', color: 'text' })}
      >
        <span className={css({ display: 'block' })}>
          {address.street}
          {address.apartment ? `, ${address.apartment}` : ''}
        </span>
        <span className={css({ display: 'block' })}>{address.city}</span>
        <span className={css({ display: 'block' })}>
          {address.province} {address.postalCode}
        </span>
        <span className={css({ display: 'block' })}>{countryName(address.country)}</span>
        <span className={css({ display: 'block' })}>{address.phoneNumber}</span>
      </address>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <Button visual="outline" size="sm" onClick={onEdit}>
          Edit
        </Button>
        <Button visual="outline" size="sm" onClick={onDelete}>
          Delete
        </Button>
        {address.isDefault ? null : (
          <Button
            visual="ghost"
            size="sm"
            disabled={settingDefault}
            aria-busy={settingDefault}
            onClick={onMakeDefault}
          >
            Set as default
          </Button>
        )}
      </div>
    </article>
  );
}
