import { useForm, useStore } from '@tanstack/react-form';
import { useEffect, useId, useRef, type Ref } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { normalizePhoneInput, shippingAddressSchema } from '../../components/address.schema';
import { Button } from '../../components/button';
import {
  CheckboxField,
  SelectField,
  TextField,
  firstError,
  inputStyles,
} from '../../components/form-field';
import { paths } from '../../components/paths';
import type { CheckoutDetails } from '../../../machines/checkout.machine';
import {
  checkoutDetailsSchema,
  emailSchema,
  type CheckoutDetailsValues,
} from './checkout-details.schema';
import { StepHeading, sectionHeadingStyle } from './checkout-parts';
import { countries } from '../../components/countries';
import { readDraft, writeDraft } from './checkout-draft';
import { emptyDetails } from './checkout-draft';

const address = shippingAddressSchema.shape;

const gridStyle = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
  gap: '4',
});
const wideStyle = css({ gridColumn: { sm: 'span 2' } });

export type DetailsStepProps = {
  /** The signed-in shopper's email (read-only), or null for a guest. */
  signedInEmail: string | null;
  draftKey: string;
  formRef: Ref<HTMLFormElement>;
  onSubmit: (details: CheckoutDetails) => void;
  onInvalid: () => void;
  /** Follows "Log in" (the overlay closes first). */
  onSignIn: () => void;
};

/** Step 0 (spec §2): "Customer Data" and "Shipping Address", validated on blur (spec §5). */
export function DetailsStep({
  signedInEmail,
  draftKey,
  formRef,
  onSubmit,
  onInvalid,
  onSignIn,
}: DetailsStepProps) {
  const form = useForm({
    defaultValues: initialValues(draftKey, signedInEmail),
    validators: { onSubmit: checkoutDetailsSchema },
    onSubmit: ({ value }) => {
      const parsed = checkoutDetailsSchema.parse(value);
      onSubmit({ email: parsed.email, shippingAddress: parsed.shippingAddress });
    },
    onSubmitInvalid: () => onInvalid(),
  });

  const values = useStore(form.store, (state) => state.values);
  useEffect(() => {
    writeDraft(draftKey, values);
  }, [draftKey, values]);

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <StepHeading>Checkout</StepHeading>
      <section aria-labelledby="customer-data-heading" className={css({ mb: '8' })}>
        <h3 id="customer-data-heading" className={sectionHeadingStyle}>
          Customer Data
        </h3>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
          <form.Field name="email" validators={{ onBlur: emailSchema }}>
            {(field) => (
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                placeholder={signedInEmail ? undefined : 'Enter mail'}
                readOnly={signedInEmail !== null}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="newsletter">
            {(field) => (
              <CheckboxField
                label="Email with news and offer"
                checked={field.state.value}
                onChange={(event) => field.handleChange(event.target.checked)}
              />
            )}
          </form.Field>
          {signedInEmail ? null : (
            <p>
              Already have an account?{' '}
              <Link
                href={paths.signIn()}
                onClick={onSignIn}
                className={css({
                  color: 'accent',
                  fontWeight: 'semibold',
                  textDecoration: 'underline',
                  _dark: { color: 'text' },
                })}
              >
                Log in
              </Link>
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby="shipping-address-heading">
        <h3 id="shipping-address-heading" className={sectionHeadingStyle}>
          Shipping Address
        </h3>
        <div className={gridStyle}>
          <form.Field name="shippingAddress.name" validators={{ onBlur: address.name }}>
            {(field) => (
              <TextField
                className={wideStyle}
                label="Name"
                autoComplete="shipping name"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="shippingAddress.apartment" validators={{ onBlur: address.apartment }}>
            {(field) => (
              <TextField
                className={wideStyle}
                label="Apartment suite etc (optional)"
                autoComplete="shipping address-line2"
                value={field.state.value ?? ''}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="shippingAddress.country" validators={{ onBlur: address.country }}>
            {(field) => (
              <SelectField
                label="Country"
                autoComplete="shipping country"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
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
          <form.Field name="shippingAddress.province" validators={{ onBlur: address.province }}>
            {(field) => (
              <TextField
                label="Province"
                autoComplete="shipping address-level1"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="shippingAddress.city" validators={{ onBlur: address.city }}>
            {(field) => (
              <TextField
                label="City"
                autoComplete="shipping address-level2"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="shippingAddress.postalCode" validators={{ onBlur: address.postalCode }}>
            {(field) => (
              <TextField
                label="Postal Code"
                autoComplete="shipping postal-code"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="shippingAddress.street" validators={{ onBlur: address.street }}>
            {(field) => (
              <TextField
                className={wideStyle}
                label="Street"
                autoComplete="shipping address-line1"
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field
            name="shippingAddress.phoneNumber"
            validators={{ onBlur: address.phoneNumber }}
          >
            {(field) => (
              <PhoneField
                value={field.state.value}
                onChange={(value) => field.handleChange(value)}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
              />
            )}
          </form.Field>
          <form.Field name="shippingAddress.isDefault">
            {(field) => (
              <CheckboxField
                className={wideStyle}
                label="Set as default address"
                checked={field.state.value}
                onChange={(event) => field.handleChange(event.target.checked)}
              />
            )}
          </form.Field>
        </div>
      </section>
      <div className={css({ mt: '8', display: 'flex', justifyContent: 'flex-end' })}>
        <Button type="submit" size="lg" css={css.raw({ w: { base: 'full', sm: 'auto' } })}>
          Continue to Shipping
        </Button>
      </div>
    </form>
  );
}

function initialValues(draftKey: string, signedInEmail: string | null): CheckoutDetailsValues {
  const draft = readDraft(draftKey) ?? emptyDetails();
  // A signed-in shopper's email is the token's subject, whatever a draft says (spec §6).
  return signedInEmail ? { ...draft, email: signedInEmail } : draft;
}

/**
 * The phone input (spec §2, §5): Canada is the default country, the value keeps digits only and
 * at most 15 of them.
 */
function PhoneField({
  value,
  onChange,
  onBlur,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}) {
  const id = useId();
  const prefixId = `${id}-prefix`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className={wideStyle}>
      <label
        htmlFor={id}
        className={css({ display: 'block', fontWeight: 'semibold', fontSize: 'sm', mb: '1.5' })}
      >
        Phone Number
      </label>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'stretch' })}>
        <span
          id={prefixId}
          title="Canada"
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            px: '3',
            borderRadius: 'lg',
            borderWidth: '1px',
            borderColor: 'border',
            bg: 'surfaceMuted',
            fontWeight: 'semibold',
            fontSize: 'sm',
            whiteSpace: 'nowrap',
          })}
        >
          +1 CA
        </span>
        <input
          ref={inputRef}
          id={id}
          type="tel"
          inputMode="numeric"
          autoComplete="shipping tel"
          placeholder="1 (702) 123-4567"
          value={value}
          onChange={(event) => onChange(normalizePhoneInput(event.target.value))}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={[prefixId, error ? errorId : ''].filter(Boolean).join(' ')}
          className={css(inputStyles, { flex: '1', minW: '0' })}
        />
      </div>
      {error ? (
        <span
          id={errorId}
          role="alert"
          className={css({ display: 'block', mt: '1.5', color: 'danger', fontSize: 'sm' })}
        >
          {error}
        </span>
      ) : null}
    </div>
  );
}
