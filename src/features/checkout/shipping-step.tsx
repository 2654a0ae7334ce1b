import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { productQueries } from '../../api/products.queries';
import { Button } from '../../ui/button';
import { formatPrice } from '../../lib/format-price';
import { ErrorSummary } from '../../ui/error-summary';
import { Spinner } from '../../ui/spinner';
import type { CheckoutDetails } from '../../../machines/checkout.machine';
import { CHECKOUT_MESSAGES } from './checkout-messages';
import { ContactSummary, StepHeading, sectionHeadingStyle } from './checkout-parts';

export type ShippingStepProps = {
  details: CheckoutDetails;
  shipMethodId: number | null;
  saving: boolean;
  shippingRequired: boolean;
  canContinue: boolean;
  onChoose: (methodId: number) => void;
  onNext: () => void;
};

/** The id of a method's radio button (the error summary's link leads to the first). */
const methodRadioId = (methodId: number) => `shipping-method-${methodId}`;

/**
 * Step 1 (spec §2): the summary and the "Shipping Method" radio list from the API. Continue with
 * no method chosen shows the error summary (ADR-0057), which takes focus and leads to the list;
 * the message also stays under the list.
 */
export function ShippingStep({
  details,
  shipMethodId,
  saving,
  shippingRequired,
  canContinue,
  onChoose,
  onNext,
}: ShippingStepProps) {
  const methods = useQuery(productQueries.shipMethods());
  const errorId = 'shipping-method-error';
  // Each Continue counts: one the machine refuses focuses the summary, again the second time.
  const [nexts, setNexts] = useState(0);
  const firstMethod = methods.data?.[0];
  const problems =
    shippingRequired && firstMethod
      ? [
          {
            message: CHECKOUT_MESSAGES.shippingRequired,
            target: methodRadioId(firstMethod.methodId),
          },
        ]
      : [];
  return (
    <div>
      <ErrorSummary items={problems} focusKey={nexts} />
      <StepHeading>Shipping</StepHeading>
      <ContactSummary email={details.email} address={details.shippingAddress} />
      <fieldset
        aria-describedby={shippingRequired ? errorId : undefined}
        aria-busy={saving}
        className={css({ border: 'none', p: '0', m: '0', minW: '0' })}
      >
        <legend className={sectionHeadingStyle}>Shipping Method</legend>
        {methods.isPending ? (
          <Spinner label="Loading shipping methods..." />
        ) : methods.isError ? (
          <p role="alert" className={css({ color: 'danger' })}>
            The shipping methods could not be loaded.{' '}
            <Button visual="ghost" size="sm" onClick={() => void methods.refetch()}>
              Try again
            </Button>
          </p>
        ) : (
          <ul
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '3',
              listStyle: 'none',
            })}
          >
            {methods.data.map((method) => {
              const checked = method.methodId === shipMethodId;
              return (
                <li key={method.methodId}>
                  <label
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
                        _focusWithin: {
                          focusOutline: 'snug',
                        },
                      }),
                      checked ? css({ borderColor: 'accent', bg: 'surfaceMuted' }) : undefined,
                    )}
                  >
                    <input
                      id={methodRadioId(method.methodId)}
                      type="radio"
                      name="shipMethod"
                      value={method.methodId}
                      checked={checked}
                      onChange={() => onChoose(method.methodId)}
                      className={css({ w: '4.5', h: '4.5', accentColor: 'accent', flexShrink: 0 })}
                    />
                    <span className={css({ flex: '1', minW: '0' })}>
                      <span className={css({ display: 'block', fontWeight: 'semibold' })}>
                        {method.methodName}
                      </span>
                      <span
                        className={css({ display: 'block', fontSize: 'sm', color: 'textMuted' })}
                      >
                        {method.expectedArrival}
                      </span>
                    </span>
                    <span
                      className={css({
                        fontWeight: 'semibold',
                        fontVariantNumeric: 'tabular-nums',
                      })}
                    >
                      {formatPrice(method.price)}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {shippingRequired ? (
          // No alert: the error summary above takes focus and says it (ADR-0057).
          <p id={errorId} className={css({ mt: '3', color: 'danger', fontSize: 'sm' })}>
            {CHECKOUT_MESSAGES.shippingRequired}
          </p>
        ) : null}
      </fieldset>
      <div
        className={css({
          mt: '8',
          display: 'flex',
          justifyContent: 'flex-end',
          alignItems: 'center',
          gap: '3',
        })}
      >
        {saving ? <Spinner size="sm" label="Saving the shipping method..." /> : null}
        <Button
          size="lg"
          onClick={() => {
            setNexts((count) => count + 1);
            onNext();
          }}
          disabled={!canContinue}
          css={css.raw({ w: { base: 'full', sm: 'auto' } })}
        >
          Continue to Payment
        </Button>
      </div>
    </div>
  );
}
