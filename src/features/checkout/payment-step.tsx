import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
} from '@stripe/react-stripe-js';
import type { StripeCardNumberElementOptions, StripeElementChangeEvent } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { apiOf } from '../../api/client';
import type { Cart } from '../../api/types';
import { Button } from '../../ui/button';
import { field, TextField } from '../../ui/form-field';
import { formatDiscount, formatPrice } from '../../lib/format-price';
import { Spinner } from '../../ui/spinner';
import { getStripe } from '../../payment/stripe-loader';
import {
  type CardField,
  type CardFieldState,
  type PaymentMethodChoice,
  type ProcessingError,
} from '../../../machines/payment.machine';
import {
  amountDue,
  generalProcessingError,
  isProcessing,
  promoRefusal,
} from '../../../machines/payment.selectors';
import type { PaymentActorRef } from './checkout-actor';
import { orderDraftFromCart } from './checkout-logic';
import {
  blockedText,
  fieldErrorText,
  PAYMENT_MESSAGES,
  paymentErrorText,
  paymentProblemLines,
} from './payment-messages';
import { ContactSummary, StepHeading, sectionHeadingStyle } from './checkout-parts';
import { panel } from '../../ui/panel';

export type PaymentStepProps = {
  payment: PaymentActorRef;
  cart: Cart;
};

const METHODS: { value: PaymentMethodChoice; label: string }[] = [
  { value: 'card', label: 'Debit/Credit Card' },
  { value: 'paypal', label: 'Paypal' },
  { value: 'cod', label: 'Cash on Delivery (COD)' },
];

/**
 * Step 2 (spec §2, §4, D5). Its own chunk. The payment machine decides (its `loadTools` actor
 * loads Stripe or the sandbox, its `confirmCard` actor confirms with the card element Pay hands
 * over); this view renders its snapshot and sends the shopper's intents.
 */
export function PaymentStep(props: PaymentStepProps) {
  // The Stripe the machine's loadTools actor loads (getStripe() keeps one load per visit).
  const queryClient = useQueryClient();
  const [stripe] = useState(() => getStripe(apiOf(queryClient)));
  return (
    <Elements stripe={stripe}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({ payment, cart }: PaymentStepProps) {
  const snapshot = useSelector(payment, (s) => s);
  const elements = useElements();
  const { context } = snapshot;
  const processing = isProcessing(snapshot);
  const refusedPromo = promoRefusal(snapshot);
  const problem = generalProcessingError(snapshot);
  const draft = orderDraftFromCart(cart);
  const submitEvent = { type: 'payment.submit' as const, draft, card: null };

  const fieldChanged = (field: CardField) => (event: StripeElementChangeEvent) =>
    payment.send({
      type: 'payment.fieldChanged',
      field,
      state: { error: event.error?.message ?? null, complete: event.complete, empty: event.empty },
    });

  const byCard = context.paymentMethod === 'card';
  const total = amountDue(snapshot, draft.totals);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        payment.send({ ...submitEvent, card: elements?.getElement(CardNumberElement) ?? null });
      }}
    >
      <StepHeading>Payment</StepHeading>
      <ContactSummary email={context.email} address={context.shippingAddress} />

      <fieldset
        disabled={processing}
        className={css({ border: 'none', p: '0', m: '0', minW: '0', mb: '6' })}
      >
        <legend className={sectionHeadingStyle}>Payment Method</legend>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          {METHODS.map((method) => (
            <label
              key={method.value}
              className={cx(
                css({
                  display: 'flex',
                  alignItems: 'center',
                  gap: '3',
                  p: '4',
                  borderRadius: 'lg',
                  borderWidth: '1px',
                  borderColor: 'border',
                  cursor: 'pointer',
                  fontWeight: 'semibold',
                  _focusWithin: {
                    focusOutline: 'snug',
                  },
                }),
                context.paymentMethod === method.value
                  ? css({ borderColor: 'accent', bg: 'surfaceMuted' })
                  : undefined,
              )}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={method.value}
                checked={context.paymentMethod === method.value}
                onChange={() =>
                  payment.send({ type: 'payment.methodChosen', method: method.value })
                }
                className={css({ w: '4.5', h: '4.5', accentColor: 'accent' })}
              />
              {method.label}
            </label>
          ))}
        </div>
      </fieldset>

      {context.paymentMethod === 'paypal' ? (
        <p role="status" className={noticeStyle}>
          {PAYMENT_MESSAGES.paypalUnavailable}
        </p>
      ) : null}
      {context.paymentMethod === 'cod' ? (
        <p className={noticeStyle}>You pay in cash when your order is delivered.</p>
      ) : null}
      {refusedPromo ? (
        <p
          role="alert"
          data-testid="payment-promo-refused"
          className={cx(noticeStyle, dangerNoticeStyle)}
        >
          {refusedPromo}
        </p>
      ) : null}

      {byCard && context.paymentError ? (
        <p role="alert" data-testid="payment-error" className={cx(noticeStyle, dangerNoticeStyle)}>
          {paymentErrorText(context.paymentError)}
        </p>
      ) : null}

      {processing ? (
        <div className={css({ py: '8', display: 'flex', justifyContent: 'center' })}>
          <Spinner size="lg" showLabel label="Processing payment... Don't refresh the page" />
        </div>
      ) : null}

      {/* Hidden, never unmounted, while processing: Stripe confirms with the mounted card element. */}
      <div
        hidden={!byCard || processing}
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
        })}
      >
        <CardElementField
          label="Card Number"
          Element={CardNumberElement}
          error={fieldErrorText('cardNumber', context.fields.cardNumber.error)}
          onChange={fieldChanged('cardNumber')}
          wide
        />
        <CardHolderField
          initialName={context.shippingAddress.name}
          error={fieldErrorText('cardHolder', context.fields.cardHolder.error)}
          onState={(state) =>
            payment.send({ type: 'payment.fieldChanged', field: 'cardHolder', state })
          }
        />
        <CardElementField
          label="Card Expiry"
          Element={CardExpiryElement}
          error={fieldErrorText('cardExpiry', context.fields.cardExpiry.error)}
          onChange={fieldChanged('cardExpiry')}
        />
        <CardElementField
          label="Card CVC"
          Element={CardCvcElement}
          error={fieldErrorText('cardCvc', context.fields.cardCvc.error)}
          onChange={fieldChanged('cardCvc')}
        />
      </div>

      {snapshot.hasTag('reviewingTotals') && context.revisedTotals ? (
        <div role="alert" className={cx(noticeStyle, css({ mt: '6' }))}>
          <p className={css({ fontWeight: 'semibold' })}>{PAYMENT_MESSAGES.totalsChanged}</p>
          <p>
            Shipping {formatPrice(context.revisedTotals.shipping)} · Tax{' '}
            {formatPrice(context.revisedTotals.tax)} · Discount{' '}
            {formatDiscount(context.revisedTotals.discount)} · New total{' '}
            <strong>{formatPrice(context.revisedTotals.total)}</strong>
          </p>
        </div>
      ) : null}

      {problem && !processing ? (
        <PaymentProblem
          error={problem}
          action={context.paymentMethod === 'cod' ? 'Place Order' : 'Pay'}
        />
      ) : null}

      {context.blocked ? (
        <p
          role="alert"
          data-testid="payment-blocked"
          className={cx(noticeStyle, dangerNoticeStyle, css({ mt: '6' }))}
        >
          {blockedText(context.blocked)}
        </p>
      ) : null}

      <div className={css({ mt: '8', display: 'flex', justifyContent: 'flex-end' })}>
        <Button
          type="submit"
          size="lg"
          disabled={!snapshot.can(submitEvent)}
          css={css.raw({ w: { base: 'full', sm: 'auto' } })}
        >
          {context.paymentMethod === 'cod'
            ? `Place Order ${formatPrice(total)}`
            : `Pay ${formatPrice(total)}`}
        </Button>
      </div>
    </form>
  );
}

function PaymentProblem({
  error,
  action,
}: {
  error: ProcessingError;
  action: 'Pay' | 'Place Order';
}) {
  const [heading, ...lines] = paymentProblemLines(error, action);
  return (
    <div
      role="alert"
      data-testid="payment-problem"
      className={cx(noticeStyle, dangerNoticeStyle, css({ mt: '6' }))}
    >
      <p className={css({ fontWeight: 'semibold' })}>{heading}</p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

const noticeStyle = cx(
  panel({ radius: 'lg', tone: 'muted' }),
  css({
    p: '4',
    mb: '4',
  }),
);
const dangerNoticeStyle = css({ borderColor: 'danger', color: 'danger', fontWeight: 'semibold' });
const { label: labelStyle, error: errorStyle } = field();

/** Stripe paints inside its iframe: hand it the theme's colours (the sandbox uses our CSS). */
function elementOptions(): StripeCardNumberElementOptions {
  const styles = getComputedStyle(document.documentElement);
  const color = styles.getPropertyValue('--colors-text').trim() || undefined;
  const muted = styles.getPropertyValue('--colors-text-muted').trim() || undefined;
  const danger = styles.getPropertyValue('--colors-danger').trim() || undefined;
  return {
    style: {
      base: { color, fontSize: '16px', '::placeholder': { color: muted } },
      invalid: { color: danger },
    },
  };
}

type CardElementComponent = ComponentType<{
  id?: string;
  className?: string;
  options?: StripeCardNumberElementOptions;
  onChange?: (event: StripeElementChangeEvent) => void;
}>;

function CardElementField({
  label,
  Element,
  error,
  onChange,
  wide = false,
}: {
  label: string;
  Element: unknown;
  error: string | null;
  onChange: (event: StripeElementChangeEvent) => void;
  wide?: boolean;
}) {
  const id = useId();
  const [options] = useState(elementOptions);
  const Component = Element as CardElementComponent;
  return (
    <div className={wide ? css({ gridColumn: { sm: 'span 2' } }) : undefined}>
      <span id={`${id}-label`} className={labelStyle}>
        {label}
      </span>
      <FieldFrame invalid={Boolean(error)}>
        <Component options={options} onChange={onChange} />
      </FieldFrame>
      {error ? (
        <span role="alert" className={errorStyle}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function FieldFrame({ invalid, children }: { invalid: boolean; children: ReactNode }) {
  return (
    <div
      className={cx(
        css({
          minH: '11',
          px: '3.5',
          py: '2.5',
          borderRadius: 'lg',
          borderWidth: '1px',
          borderColor: 'border',
          bg: 'surface',
          _focusWithin: { focusOutline: 'snug' },
        }),
        invalid ? css({ borderColor: 'danger' }) : undefined,
      )}
    >
      {children}
    </div>
  );
}

/** Card Holder Name: our own input (Stripe has none); it reports to the machine like an element. */
function CardHolderField({
  initialName,
  error,
  onState,
}: {
  initialName: string;
  error: string | null;
  onState: (state: CardFieldState) => void;
}) {
  const [name, setName] = useState(initialName);
  // The prefilled name already counts as typed: the payment machine starts with it complete.
  const report = (value: string, final: boolean) => {
    const empty = value.trim() === '';
    onState({
      empty,
      complete: !empty,
      error: null,
      incomplete: empty && final,
      value,
    });
  };
  return (
    <TextField
      className={css({ gridColumn: { sm: 'span 2' } })}
      label="Card Holder Name"
      autoComplete="cc-name"
      value={name}
      onChange={(event) => {
        setName(event.target.value);
        report(event.target.value, false);
      }}
      onBlur={(event) => report(event.target.value, true)}
      error={error}
    />
  );
}
