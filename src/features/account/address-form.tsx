import { css } from 'styled-system/css';
import type { AddressInput } from '../../api/types';
import { AddressFields } from '../../components/address-fields';
import { shippingAddressSchema, type ShippingAddressValues } from '../../components/address.schema';
import { useAppForm } from '../../components/app-form';
import { Button } from '../../components/button';
import { DialogClose } from '../../components/dialog';
import { Spinner } from '../../components/spinner';

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

/** The form's values as the API takes them (an empty apartment is no apartment). */
export function toAddressInput(values: ShippingAddressValues): AddressInput {
  const parsed = shippingAddressSchema.parse(values);
  return { ...parsed, apartment: parsed.apartment ? parsed.apartment : null };
}

export type AddressFormProps = {
  initialValues: ShippingAddressValues;
  submitLabel: string;
  pending: boolean;
  /** Messages the server gave per field (dotted paths of AddressInput). */
  serverErrors: Record<string, string>;
  onSubmit: (address: AddressInput) => void;
};

/** Add or edit an address: the checkout's address fields, rules and messages (spec §5). */
export function AddressForm({
  initialValues,
  submitLabel,
  pending,
  serverErrors,
  onSubmit,
}: AddressFormProps) {
  const form = useAppForm({
    // Submit always validates afresh: a message from an earlier blur, fixed in the same click
    // that submits (or by autofill), must not block the submission.
    canSubmitWhenInvalid: true,
    defaultValues: initialValues,
    validators: { onSubmit: shippingAddressSchema },
    onSubmit: ({ value }) => onSubmit(toAddressInput(value)),
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
      <AddressFields form={form} fields={ADDRESS_AT_TOP} serverErrors={serverErrors} />
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
