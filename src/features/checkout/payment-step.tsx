import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import type { Cart } from '../../api/types';
import { Button } from '../../ui/button';
import { formatDiscount, formatPrice } from '../../lib/format-price';
import { Spinner } from '../../ui/spinner';
import {
  BlockedNotice,
  CardElements,
  CardFields,
  dangerNoticeStyle,
  noticeStyle,
  PaymentNotice,
  useCardHandle,
} from '../../payment/card-fields';
import type { PaymentMethodChoice } from '../../../machines/payment.machine';
import {
  amountDue,
  generalProcessingError,
  isProcessing,
  codRefusal,
} from '../../../machines/payment.selectors';
import type { PaymentActorRef } from './checkout-actor';
import { orderDraftFromCart } from './checkout-logic';
import { PAYMENT_MESSAGES } from '../../payment/payment-messages';
import { ContactSummary, StepHeading, sectionHeadingStyle } from './checkout-parts';
import { PaymentErrorSummary } from './payment-error-summary';

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
  return (
    <CardElements>
      <PaymentForm {...props} />
    </CardElements>
  );
}

function PaymentForm({ payment, cart }: PaymentStepProps) {
  const snapshot = useSelector(payment, (s) => s);
  const cardHandle = useCardHandle();
  const { context } = snapshot;
  const processing = isProcessing(snapshot);
  const refusedPromo = codRefusal(snapshot);
  const problem = generalProcessingError(snapshot);
  const draft = orderDraftFromCart(cart);
  const submitEvent = { type: 'payment.submit' as const, draft, card: null };

  const byCard = context.paymentMethod === 'card';
  const total = amountDue(snapshot, draft.totals);
  const [submits, setSubmits] = useState(0); // ADR-0057: each Pay refused focuses the summary

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmits((count) => count + 1);
        payment.send({ ...submitEvent, card: cardHandle() });
      }}
    >
      <PaymentErrorSummary fields={context.fields} blocked={context.blocked} focusKey={submits} />
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
          {context.codAvailable
            ? PAYMENT_MESSAGES.paypalUnavailable
            : PAYMENT_MESSAGES.paypalUnavailableCardOnly}
        </p>
      ) : null}
      {context.paymentMethod !== 'cod' ? null : context.codAvailable ? (
        <p className={noticeStyle}>You pay in cash when your order is delivered.</p>
      ) : (
        <p role="status" className={noticeStyle}>
          {PAYMENT_MESSAGES.codUnavailable}
        </p>
      )}
      {refusedPromo ? (
        <p
          role="alert"
          data-testid="payment-promo-refused"
          className={cx(noticeStyle, dangerNoticeStyle)}
        >
          {refusedPromo}
        </p>
      ) : null}

      {processing ? (
        <div className={css({ py: '8', display: 'flex', justifyContent: 'center' })}>
          <Spinner size="lg" showLabel label="Processing payment... Don't refresh the page" />
        </div>
      ) : null}

      {/* Issue 30: the last attempt's message sits above Card Number and takes focus. */}
      <CardFields
        fields={context.fields}
        initialHolderName={context.shippingAddress.name}
        onFieldChange={(field, state) =>
          payment.send({ type: 'payment.fieldChanged', field, state })
        }
        hidden={!byCard || processing}
        notice={
          byCard && !processing ? (
            <PaymentNotice paymentError={context.paymentError} problem={problem} action="Pay" />
          ) : null
        }
      />

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

      {/* Cash on delivery has no card fields: its problem shows here. */}
      {problem && !processing && !byCard ? (
        <div className={css({ mt: '6' })}>
          <PaymentNotice paymentError={null} problem={problem} action="Place Order" />
        </div>
      ) : null}

      {context.blocked && context.blocked !== 'correctErrors' ? (
        <BlockedNotice blocked={context.blocked} />
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
