import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
} from '@stripe/react-stripe-js';
import type { StripeCardNumberElementOptions, StripeElementChangeEvent } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { css, cx } from 'styled-system/css';
import { apiOf } from '../api/client';
import { field, TextField } from '../ui/form-field';
import { panel } from '../ui/panel';
import type {
  CardField,
  CardFieldState,
  CardFieldStatus,
  CardHandle,
  PaymentError,
  ProcessingError,
} from '../../machines/payment.machine';
import {
  blockedText,
  fieldErrorText,
  paymentErrorText,
  paymentProblemLines,
} from './payment-messages';
import { getStripe } from './stripe-loader';

/**
 * The card form of spec §4 (Card Number, Card Holder Name, Card Expiry, Card CVC), shared by the
 * checkout's Payment step and the order page's Pay now (ADR-0058). Each field reports to the
 * payment machine through `onFieldChange`; the machine decides, these views only render.
 */

/** Stripe (or the sandbox) for the card fields below it: one load per visit (getStripe). */
export function CardElements({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [stripe] = useState(() => getStripe(apiOf(queryClient)));
  return <Elements stripe={stripe}>{children}</Elements>;
}

/** The card element the shopper typed into, handed to the machine with Pay (null before Stripe is ready). */
export function useCardHandle(): () => CardHandle | null {
  const elements = useElements();
  return useCallback(() => elements?.getElement(CardNumberElement) ?? null, [elements]);
}

export const noticeStyle = cx(panel({ radius: 'lg', tone: 'muted' }), css({ p: '4', mb: '4' }));
export const dangerNoticeStyle = css({
  borderColor: 'danger',
  color: 'danger',
  fontWeight: 'semibold',
});

/**
 * Why the last payment did not go through, next to the card fields (issue 30): a declined card
 * (the provider's words or spec §8's), or any other failure in the shopper's words. It takes
 * focus as it appears, so a screen reader reads it once (no live region besides: that would read
 * it twice) and the next Tab reaches Card Number.
 */
/** The payment machine's refusal to go on (`blocked`): a sentence, as an alert, where Pay is. */
export function BlockedNotice({ blocked }: { blocked: Parameters<typeof blockedText>[0] }) {
  return (
    <p
      role="alert"
      data-testid="payment-blocked"
      className={cx(noticeStyle, dangerNoticeStyle, css({ mt: '6' }))}
    >
      {blockedText(blocked)}
    </p>
  );
}

export function PaymentNotice({
  paymentError,
  problem,
  action,
}: {
  paymentError: PaymentError | null;
  problem: ProcessingError | null;
  action: 'Pay' | 'Place Order';
}) {
  if (paymentError) {
    return (
      <FocusedNotice testId="payment-error">
        <p>{paymentErrorText(paymentError)}</p>
      </FocusedNotice>
    );
  }
  if (!problem) return null;
  const [heading, ...lines] = paymentProblemLines(problem, action);
  return (
    <FocusedNotice testId="payment-problem">
      <p className={css({ fontWeight: 'semibold' })}>{heading}</p>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </FocusedNotice>
  );
}

/** A notice that takes focus once, as it appears (tabindex -1: never a Tab stop of its own). */
function FocusedNotice({ testId, children }: { testId: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      data-testid={testId}
      className={cx(
        noticeStyle,
        dangerNoticeStyle,
        css({ gridColumn: '1 / -1', mb: '0', _focusVisible: { focusOutline: 'snug' } }),
      )}
    >
      {children}
    </div>
  );
}

export type CardFieldsProps = {
  fields: Record<CardField, CardFieldStatus>;
  /** Card Holder Name's first value (the shipping name). */
  initialHolderName: string;
  onFieldChange: (field: CardField, state: CardFieldState) => void;
  /** Hidden, never unmounted, while processing: Stripe confirms with the mounted card element. */
  hidden: boolean;
  /** The message of the last attempt (PaymentNotice), directly above Card Number. */
  notice?: ReactNode;
};

/** The four card fields in one group, the last attempt's message above Card Number. */
export function CardFields({
  fields,
  initialHolderName,
  onFieldChange,
  hidden,
  notice,
}: CardFieldsProps) {
  const elementChanged = (name: CardField) => (event: StripeElementChangeEvent) =>
    onFieldChange(name, {
      error: event.error?.message ?? null,
      complete: event.complete,
      empty: event.empty,
    });
  return (
    <div
      role="group"
      aria-label="Card details"
      data-testid="card-fields"
      hidden={hidden}
      className={css({
        display: 'grid',
        gap: '4',
        gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' },
      })}
    >
      {notice}
      <CardElementField
        label="Card Number"
        Element={CardNumberElement}
        error={fieldErrorText('cardNumber', fields.cardNumber.error)}
        announce={fields.cardNumber.error?.code === 'provider'}
        onChange={elementChanged('cardNumber')}
        wide
      />
      <CardHolderField
        initialName={initialHolderName}
        error={fieldErrorText('cardHolder', fields.cardHolder.error)}
        onState={(state) => onFieldChange('cardHolder', state)}
      />
      <CardElementField
        label="Card Expiry"
        Element={CardExpiryElement}
        error={fieldErrorText('cardExpiry', fields.cardExpiry.error)}
        announce={fields.cardExpiry.error?.code === 'provider'}
        onChange={elementChanged('cardExpiry')}
      />
      <CardElementField
        label="Card CVC"
        Element={CardCvcElement}
        error={fieldErrorText('cardCvc', fields.cardCvc.error)}
        announce={fields.cardCvc.error?.code === 'provider'}
        onChange={elementChanged('cardCvc')}
      />
    </div>
  );
}

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
  announce,
  onChange,
  wide = false,
}: {
  label: string;
  Element: unknown;
  error: string | null;
  /**
   * Whether the message is said as it appears (an alert): the provider's own, as the shopper
   * types. A field marked incomplete by a refused Pay is not: the error summary, which takes
   * focus then, says it (a second voice would read it twice).
   */
  announce: boolean;
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
        <span role={announce ? 'alert' : undefined} className={errorStyle}>
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
