import { useEffect, useRef, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { CHECKOUT_STEPS } from '../../../machines/checkout.selectors';
import type { ShippingAddressDetails } from '../../../machines/payment.machine';
import { countryName } from '../../lib/countries';
import { panel } from '../../ui/panel';

/** A step's heading: it takes focus when the step appears, so the shopper hears where they are. */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h2
      ref={ref}
      tabIndex={-1}
      data-step-heading=""
      className={css({
        fontSize: { base: '2xl', md: '3xl' },
        fontWeight: 'bold',
        mb: '5',
        _focus: { outline: 'none' },
        _focusVisible: { focusOutline: 'outside' },
      })}
    >
      {children}
    </h2>
  );
}

export const sectionHeadingStyle = css({ fontSize: 'lg', fontWeight: 'bold', mb: '3' });

/** Checkout, Shipping, Payment (spec §2), the current one marked for assistive tech. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <nav aria-label="Checkout steps">
      <ol
        className={css({
          display: 'flex',
          gap: { base: '2', md: '4' },
          listStyle: 'none',
          flexWrap: 'wrap',
        })}
      >
        {CHECKOUT_STEPS.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'next';
          return (
            <li
              key={name}
              aria-current={state === 'current' ? 'step' : undefined}
              className={css({ display: 'flex', alignItems: 'center', gap: '2' })}
            >
              <span
                aria-hidden="true"
                className={cx(
                  css({
                    display: 'inline-grid',
                    placeItems: 'center',
                    w: '7',
                    h: '7',
                    borderRadius: 'full',
                    fontSize: 'sm',
                    fontWeight: 'bold',
                    borderWidth: '1px',
                    borderColor: 'border',
                  }),
                  state === 'next'
                    ? css({ color: 'textMuted' })
                    : css({ bg: 'accent', color: 'accentText', borderColor: 'accent' }),
                )}
              >
                {index + 1}
              </span>
              <span
                className={css({
                  fontWeight: state === 'current' ? 'bold' : 'medium',
                  color: state === 'next' ? 'textMuted' : 'text',
                })}
              >
                {name}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** Street, apartment, city, province, postal code, country joined by commas, empty parts dropped. */
export function shipToLine(address: ShippingAddressDetails): string {
  return [
    address.street,
    address.apartment,
    address.city,
    address.province,
    address.postalCode,
    address.country ? countryName(address.country) : '',
  ]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(', ');
}

/** The "Contact" and "Ship to" summary of steps 1 and 2. */
export function ContactSummary({
  email,
  address,
}: {
  email: string;
  address: ShippingAddressDetails;
}) {
  return (
    <dl
      data-testid="checkout-summary"
      className={cx(
        panel({ radius: 'lg', tone: 'muted' }),
        css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' },
          gap: { base: '1', sm: '3' },
          p: '4',
          mb: '6',
          overflowWrap: 'anywhere',
        }),
      )}
    >
      <dt className={css({ fontWeight: 'semibold' })}>Contact</dt>
      <dd>{email}</dd>
      <dt className={css({ fontWeight: 'semibold', mt: { base: '2', sm: '0' } })}>Ship to</dt>
      <dd>{shipToLine(address)}</dd>
    </dl>
  );
}
