import { css } from 'styled-system/css';
import type { AddressInput } from '../../api/types';
import { AddressFields } from '../../components/address-fields';
import { shippingAddressSchema, type ShippingAddressValues } from '../../components/address.schema';
import { serverFieldErrors, useAppForm } from '../../components/shop-form';
import { Button } from '../../ui/button';
import { DialogClose } from '../../ui/dialog';
import { Spinner } from '../../ui/spinner';

/** The dialog's form holds the address at its top level: each group field is itself. */
const ADDRESS_AT_TOP = {
  name: 'name',
  apartment: 'apartment',
  country: 'country',
  province: 'province',
  city: 'city',
  postalCode: 'postalCode',
  street: 'street',
  phoneNumber: 'phoneNumber',
  isDefault: 'isDefault',
} as const;

/** The fields the server may speak of (AddressInput's names, at the form's top level). */
const SERVER_FIELDS = Object.keys(ADDRESS_AT_TOP);

/** The form's values as the API takes them (an empty apartment is no apartment). */
function toAddressInput(values: ShippingAddressValues): AddressInput {
  const parsed = shippingAddressSchema.parse(values);
  return { ...parsed, apartment: parsed.apartment ? parsed.apartment : null };
}

export type AddressFormProps = {
  initialValues: ShippingAddressValues;
  submitLabel: string;
  pending: boolean;
  /**
   * Saves the address; a rejection whose `ApiError.fields` name the address's fields puts
   * those messages under the fields (the form's `onSubmitAsync`).
   */
  onSubmit: (address: AddressInput) => Promise<unknown>;
};

/** Add or edit an address: the checkout's address fields, rules and messages (spec §5). */
export function AddressForm({ initialValues, submitLabel, pending, onSubmit }: AddressFormProps) {
  const form = useAppForm({
    // Submit always validates afresh: a message from an earlier blur, fixed in the same click
    // that submits (or by autofill), must not block the submission.
    canSubmitWhenInvalid: true,
    defaultValues: initialValues,
    validators: {
      onSubmit: shippingAddressSchema,
      // The server is the last check: its refusal comes back as the form's errors.
      onSubmitAsync: async ({ value }) => {
        try {
          await onSubmit(toAddressInput(value));
          return undefined;
        } catch (error) {
          return serverFieldErrors(error, SERVER_FIELDS);
        }
      },
    },
  });

  return (
    <form
      noValidate
      aria-label={submitLabel}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      <AddressFields form={form} fields={ADDRESS_AT_TOP} />
      <div
        className={css({
          display: 'flex',
          justifyContent: 'flex-end',
          gap: '3',
          mt: '2',
        })}
      >
        <DialogClose asChild>
          <Button visual="ghost">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? <Spinner size="sm" label="Saving" /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
