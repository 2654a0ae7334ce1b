import { useQuery } from '@tanstack/react-query';
import { css, cx } from 'styled-system/css';
import { productQueries } from '../../api/products.queries';
import { Button } from '../../ui/button';
import { formatPrice } from '../../lib/format-price';
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

/** Step 1 (spec §2): the summary and the "Shipping Method" radio list from the API. */
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
  return (
    <div>
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
          <p
            id={errorId}
            role="alert"
            className={css({ mt: '3', color: 'danger', fontSize: 'sm' })}
          >
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
          onClick={onNext}
          disabled={!canContinue}
          css={css.raw({ w: { base: 'full', sm: 'auto' } })}
        >
          Continue to Payment
        </Button>
      </div>
    </div>
  );
}
