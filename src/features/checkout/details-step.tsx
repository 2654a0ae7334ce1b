import { useQuery } from '@tanstack/react-query';
import { useStore } from '@tanstack/react-form';
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { css } from 'styled-system/css';
import { accountQueries } from '../../api/account.queries';
import type { Address } from '../../api/types';
import { AddressFields } from '../../components/address-fields';
import {
  addressFormValues,
  emptyShippingAddress,
  isBlankAddress,
  sameAddress,
} from '../../components/address.schema';
import { useAppForm } from '../../components/shop-form';
import { Button } from '../../ui/button';
import {
  ErrorSummary,
  SummarisedFields,
  summarisedFieldId,
  type ErrorSummaryItem,
} from '../../ui/error-summary';
import { firstError } from '../../ui/form-field';
import { signInReturningTo } from '../../session/next-path';
import { Spinner } from '../../ui/spinner';
import type { CheckoutDetails } from '../../../machines/checkout.machine';
import {
  checkoutDetailsSchema,
  emailSchema,
  type CheckoutDetailsValues,
} from './checkout-details.schema';
import { StepHeading, sectionHeadingStyle } from './checkout-parts';
import { emptyDetails, readDraft, writeDraft } from './checkout-draft';
import { SavedAddressChooser } from './saved-address-chooser';

/** The ids step 0's controls take, so its error summary can link to them. */
const ID_PREFIX = 'checkout-details';

/** Step 0's validated fields in the order they are asked (spec §2), as the summary lists them. */
const SUMMARY_ORDER = [
  'email',
  'shippingAddress.name',
  'shippingAddress.apartment',
  'shippingAddress.country',
  'shippingAddress.province',
  'shippingAddress.city',
  'shippingAddress.postalCode',
  'shippingAddress.street',
  'shippingAddress.phoneNumber',
] as const;

export type DetailsStepProps = {
  /** The signed-in shopper's email (read-only), or null for a guest. */
  signedInEmail: string | null;
  draftKey: string;
  onSubmit: (details: CheckoutDetails) => void;
  onInvalid: () => void;
};

/**
 * Step 0 (spec §2): "Customer Data" and "Shipping Address", validated on blur (spec §5). A
 * signed-in shopper's saved addresses are read first: the default one fills the fields and the
 * others are offered above them.
 */
export function DetailsStep(props: DetailsStepProps) {
  const signedIn = props.signedInEmail !== null;
  const saved = useQuery({ ...accountQueries.addresses(), enabled: signedIn });
  if (signedIn && saved.isPending) {
    return (
      <div>
        <StepHeading>Checkout</StepHeading>
        <Spinner label="Loading your addresses..." />
      </div>
    );
  }
  // Without the saved addresses (the request failed) the shopper types one, as a guest does.
  return <DetailsForm {...props} savedAddresses={signedIn ? (saved.data ?? []) : []} />;
}

function DetailsForm({
  signedInEmail,
  draftKey,
  onSubmit,
  onInvalid,
  savedAddresses,
}: DetailsStepProps & { savedAddresses: Address[] }) {
  const form = useAppForm({
    // Submit always validates the values as they are now: a message left by an earlier blur of
    // a field that autofill (or the same click) has since filled must not refuse the click.
    canSubmitWhenInvalid: true,
    defaultValues: initialValues(draftKey, signedInEmail, savedAddresses),
    validators: { onSubmit: checkoutDetailsSchema },
    onSubmit: ({ value }) => {
      const parsed = checkoutDetailsSchema.parse(value);
      onSubmit({ email: parsed.email, shippingAddress: parsed.shippingAddress });
    },
    onSubmitInvalid: () => onInvalid(),
  });

  const values = useStore(form.store, (state) => state.values);
  const submits = useStore(form.store, (state) => state.submissionAttempts);
  const fieldMeta = useStore(form.store, (state) => state.fieldMeta);
  // After a submit that failed: every field's message as it stands under the field (ADR-0057).
  const problems: ErrorSummaryItem[] =
    submits === 0
      ? []
      : SUMMARY_ORDER.flatMap((name) => {
          const message = firstError(fieldMeta[name]?.errors ?? []);
          return message ? [{ message, target: summarisedFieldId(ID_PREFIX, name) }] : [];
        });
  useEffect(() => {
    writeDraft(draftKey, values);
  }, [draftKey, values]);

  const [path] = useLocation();
  const here = `${path}?${useSearch()}`;

  const chosen = savedAddresses.find((address) => sameAddress(address, values.shippingAddress));

  const fillAddress = (address: Address | null) => {
    const next = address ? addressFormValues(address) : emptyShippingAddress;
    for (const key of Object.keys(next) as (keyof typeof next)[]) {
      const name = `shippingAddress.${key}` as const;
      form.setFieldValue(name, next[key] ?? '');
      // The fields hold a new address: what was said about the last one no longer applies.
      form.setFieldMeta(name, (meta) => ({ ...meta, errorMap: {}, isBlurred: false }));
    }
  };

  return (
    <SummarisedFields idPrefix={ID_PREFIX}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <ErrorSummary items={problems} focusKey={submits} />
        <StepHeading>Checkout</StepHeading>
        <section aria-labelledby="customer-data-heading" className={css({ mb: '8' })}>
          <h3 id="customer-data-heading" className={sectionHeadingStyle}>
            Customer Data
          </h3>
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
            <form.AppField name="email" validators={{ onBlur: emailSchema }}>
              {(field) => (
                <field.TextInput
                  label="Email"
                  type="email"
                  autoComplete="email"
                  placeholder={signedInEmail ? undefined : 'Enter mail'}
                  readOnly={signedInEmail !== null}
                />
              )}
            </form.AppField>
            <form.AppField name="newsletter">
              {(field) => <field.CheckboxInput label="Email with news and offer" />}
            </form.AppField>
            {signedInEmail ? null : (
              <p>
                Already have an account?{' '}
                <Link
                  // Sign-in comes back here, to this step, with the cart merged (ADR-0057); the
                  // address leaving the checkout closes it.
                  href={signInReturningTo(here)}
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
          {savedAddresses.length > 0 ? (
            <SavedAddressChooser
              addresses={savedAddresses}
              chosenId={chosen?.addressId ?? null}
              onChoose={fillAddress}
            />
          ) : null}
          <AddressFields form={form} fields="shippingAddress" />
        </section>
        <div className={css({ mt: '8', display: 'flex', justifyContent: 'flex-end' })}>
          <Button type="submit" size="lg" css={css.raw({ w: { base: 'full', sm: 'auto' } })}>
            Continue to Shipping
          </Button>
        </div>
      </form>
    </SummarisedFields>
  );
}

function initialValues(
  draftKey: string,
  signedInEmail: string | null,
  savedAddresses: Address[],
): CheckoutDetailsValues {
  const draft = readDraft(draftKey) ?? emptyDetails();
  // What the shopper typed this visit (kept over a reload) comes first; otherwise their
  // default address (the book lists it first).
  const preferred = savedAddresses.find((address) => address.isDefault) ?? savedAddresses[0];
  const shippingAddress =
    preferred && isBlankAddress(draft.shippingAddress)
      ? addressFormValues(preferred)
      : draft.shippingAddress;
  // A signed-in shopper's email is the token's subject, whatever a draft says (spec §6).
  return { ...draft, shippingAddress, email: signedInEmail ?? draft.email };
}
