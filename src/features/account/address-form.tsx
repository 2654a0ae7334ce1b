import { useForm } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { changeValue, leaveField } from '../../components/field-change';
import type { z } from 'zod';
import type { AddressInput } from '../../api/types';
import {
  normalizePhoneInput,
  shippingAddressSchema,
  type ShippingAddressValues,
} from '../../components/address.schema';
import { Button } from '../../components/button';
import { DialogClose } from '../../components/dialog';
import { CheckboxField, firstError, SelectField, TextField } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { countries } from '../../components/countries';

type TextFieldName = Exclude<keyof ShippingAddressValues, 'isDefault' | 'country'>;

const TEXT_FIELDS: { name: TextFieldName; label: string; autoComplete: string; wide?: boolean }[] =
  [
    { name: 'name', label: 'Name', autoComplete: 'name', wide: true },
    { name: 'street', label: 'Street', autoComplete: 'address-line1', wide: true },
    { name: 'apartment', label: 'Apartment suite etc', autoComplete: 'address-line2', wide: true },
    { name: 'city', label: 'City', autoComplete: 'address-level2' },
    { name: 'province', label: 'Province', autoComplete: 'address-level1' },
    { name: 'postalCode', label: 'Postal Code', autoComplete: 'postal-code' },
  ];

/** The first message a field's rule gives for a value (TanStack shows a string as the error). */
function fieldMessage(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

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

/** Add or edit an address, with the checkout's rules and messages (spec §5). */
export function AddressForm({
  initialValues,
  submitLabel,
  pending,
  serverErrors,
  onSubmit,
}: AddressFormProps) {
  const form = useForm({
    // Submit always validates afresh: a message from an earlier blur, fixed in the same click
    // that submits, must not block the submission.
    canSubmitWhenInvalid: true,
    defaultValues: initialValues,
    validators: { onSubmit: shippingAddressSchema },
    onSubmit: ({ value }) => onSubmit(toAddressInput(value)),
  });
  const shape = shippingAddressSchema.shape;

  return (
    <form
      noValidate
      aria-label={submitLabel}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
      })}
    >
      {TEXT_FIELDS.map(({ name, label, autoComplete, wide }) => (
        <form.Field
          key={name}
          name={name}
          validators={{ onBlur: ({ value }) => fieldMessage(shape[name], value) }}
        >
          {(field) => (
            <TextField
              label={label}
              name={field.name}
              autoComplete={autoComplete}
              className={wide ? css({ gridColumn: { sm: 'span 2' } }) : undefined}
              value={field.state.value ?? ''}
              onBlur={(event) => leaveField(field, event)}
              onChange={(event) => changeValue(field, event.target.value)}
              error={firstError(field.state.meta.errors) ?? serverErrors[name]}
            />
          )}
        </form.Field>
      ))}
      <form.Field name="country" validators={{ onBlur: shape.country }}>
        {(field) => (
          <SelectField
            label="Country"
            name={field.name}
            autoComplete="country"
            value={field.state.value}
            onBlur={(event) => leaveField(field, event)}
            onChange={(event) => changeValue(field, event.target.value)}
            error={firstError(field.state.meta.errors) ?? serverErrors.country}
          >
            <option value="">Country</option>
            {countries().map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
        )}
      </form.Field>
      <form.Field name="phoneNumber" validators={{ onBlur: shape.phoneNumber }}>
        {(field) => (
          <TextField
            label="Phone Number"
            name={field.name}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="1 (702) 123-4567"
            className={css({ gridColumn: { sm: 'span 2' } })}
            value={field.state.value}
            onBlur={(event) => leaveField(field, event)}
            onChange={(event) => changeValue(field, normalizePhoneInput(event.target.value))}
            error={firstError(field.state.meta.errors) ?? serverErrors.phoneNumber}
          />
        )}
      </form.Field>
      <form.Field name="isDefault">
        {(field) => (
          <CheckboxField
            label="Set as default address"
            name={field.name}
            className={css({ gridColumn: { sm: 'span 2' } })}
            checked={field.state.value}
            onBlur={(event) => leaveField(field, event)}
            onChange={(event) => changeValue(field, event.target.checked)}
          />
        )}
      </form.Field>
      <div
        className={css({
          gridColumn: { sm: 'span 2' },
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
